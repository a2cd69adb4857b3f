import { Stack } from '@mantine/core';
import { formatDateTime } from '../../../../shared/domain/calendar';
import type { SalesReportResponse } from '../../../../shared/reports-contract';
import { EXCEPTION_KIND_LABELS } from '../../../../shared/reports-contract';
import { ShareBar } from './charts';
import { formatCount, formatShare, formatTL } from './format';
import type { Period } from './period';
import { ReportTable, type Column } from './report-table';
import { Change } from './summary-cards';
import classes from './reports.module.css';

interface TabProps {
  report: SalesReportResponse;
  /** the previous equal period's report, for each row's ± %; undefined while it loads */
  previous: SalesReportResponse | undefined;
}

/** A row's ± % against the same row of the previous period (matched by `key`); "…" while it loads. */
function rowChange<T>(previous: readonly T[] | undefined, key: (row: T) => string, value: (row: T) => number): Column<T> {
  const before = previous ? new Map(previous.map((r) => [key(r), value(r)])) : undefined;
  return {
    label: 'Önceki döneme göre',
    cell: (row) => (before ? <Change now={value(row)} before={before.get(key(row)) ?? 0} /> : '…'),
  };
}

interface DishFigures {
  quantity: number;
  revenue: number;
  share: number;
  compQuantity: number;
  cancelledQuantity: number;
}

/** What the category and the dish tables both show: how many, the revenue and its share, comped and cancelled. */
function dishColumns<T extends DishFigures>(): Column<T>[] {
  return [
    { label: 'Adet', isNumber: true, cell: (r) => formatCount(r.quantity) },
    { label: 'Ciro', isNumber: true, cell: (r) => formatTL(r.revenue) },
    { label: 'Pay', cell: (r) => <ShareBar share={r.share * 100} /> },
    { label: 'İkram adet', isNumber: true, cell: (r) => formatCount(r.compQuantity) },
    { label: 'İptal adet', isNumber: true, cell: (r) => formatCount(r.cancelledQuantity) },
  ];
}

export function ItemsTab({ report, previous, period }: TabProps & { period: Period }) {
  return (
    <Stack gap="lg">
      <ReportTable
        title="Kategorilere Göre"
        period={period}
        csv="byCategory"
        rows={report.byCategory}
        rowKey={(c) => c.categoryId ?? c.name}
        columns={[
          { label: 'Kategori', cell: (c) => c.name },
          ...dishColumns<SalesReportResponse['byCategory'][number]>(),
          rowChange(previous?.byCategory, (c) => c.categoryId ?? c.name, (c) => c.revenue),
        ]}
      />
      <ReportTable
        title="Ürünlere Göre"
        period={period}
        csv="byItem"
        rows={report.byItem}
        rowKey={(i) => i.menuItemId ?? i.name}
        columns={[
          { label: 'Ürün', cell: (i) => i.name },
          { label: 'Kategori', cell: (i) => i.categoryName },
          ...dishColumns<SalesReportResponse['byItem'][number]>(),
          { label: 'İade adet', isNumber: true, cell: (i) => formatCount(i.refundQuantity) },
          rowChange(previous?.byItem, (i) => i.menuItemId ?? i.name, (i) => i.revenue),
        ]}
      />
    </Stack>
  );
}

export function StaffTab({ report, previous, period }: TabProps & { period: Period }) {
  return (
    <Stack gap="lg">
      <ReportTable
        title="Garsonlara Göre"
        period={period}
        csv="byWaiter"
        rows={report.byWaiter}
        rowKey={(w) => w.waiterId ?? w.name}
        columns={[
          { label: 'Garson', cell: (w) => w.name },
          { label: 'Hesap', isNumber: true, cell: (w) => formatCount(w.bills) },
          { label: 'Satış', isNumber: true, cell: (w) => formatTL(w.net) },
          { label: 'Ortalama', isNumber: true, cell: (w) => formatTL(w.average) },
          { label: 'Verdiği İndirim', isNumber: true, cell: (w) => formatTL(w.given.discounts) },
          { label: 'Verdiği İkram', isNumber: true, cell: (w) => formatTL(w.given.comps) },
          { label: 'Yaptığı İptal', isNumber: true, cell: (w) => formatTL(w.given.cancellations) },
          rowChange(previous?.byWaiter, (w) => w.waiterId ?? w.name, (w) => w.net),
        ]}
      />
      <ReportTable
        title="Bölümlere Göre"
        period={period}
        csv="bySection"
        rows={report.bySection}
        rowKey={(s) => s.sectionId ?? s.name}
        columns={[
          { label: 'Bölüm', cell: (s) => s.name },
          { label: 'Hesap', isNumber: true, cell: (s) => formatCount(s.bills) },
          { label: 'Kişi', isNumber: true, cell: (s) => formatCount(s.guests) },
          { label: 'Net Satış', isNumber: true, cell: (s) => formatTL(s.net) },
          rowChange(previous?.bySection, (s) => s.sectionId ?? s.name, (s) => s.net),
        ]}
      />
    </Stack>
  );
}

export function ExceptionsTab({ report, period, timeZone }: { report: SalesReportResponse; period: Period; timeZone: string }) {
  return (
    <Stack gap="lg">
      <ReportTable
        title="Garsonların İstisna Payı"
        period={period}
        csv="byWaiter"
        rows={report.byWaiter}
        rowKey={(w) => w.waiterId ?? w.name}
        rowProps={(w) => ({ 'data-outlier': String(w.isOutlier), 'data-testid': 'waiter-share' })}
        columns={[
          {
            label: 'Garson',
            cell: (w) => (
              <>
                {w.name}
                {w.isOutlier && <span className={classes.badge}>⚠ Medyanın çok üstünde</span>}
              </>
            ),
          },
          { label: 'İstisna payı', isNumber: true, cell: (w) => formatShare(w.exceptionShare) },
          { label: 'İşlem', isNumber: true, cell: (w) => formatCount(w.given.count) },
          { label: 'İndirim', isNumber: true, cell: (w) => formatTL(w.given.discounts) },
          { label: 'İkram', isNumber: true, cell: (w) => formatTL(w.given.comps) },
          { label: 'İptal', isNumber: true, cell: (w) => formatTL(w.given.cancellations) },
          { label: 'Satış', isNumber: true, cell: (w) => formatTL(w.net) },
        ]}
      />
      <p className={classes.legend}>
        Restoranın medyanı {formatShare(report.outlier.median)}. İşaretlenen: {report.outlier.rule}.
      </p>
      <ReportTable
        title="İstisnalar"
        period={period}
        csv="exceptions"
        rows={report.exceptions}
        rowKey={(e, i) => `${e.kind}-${e.at}-${i}`}
        columns={[
          { label: 'Zaman', cell: (e) => formatDateTime(e.at, timeZone) },
          { label: 'Tür', cell: (e) => EXCEPTION_KIND_LABELS[e.kind] },
          { label: 'Hesap No', isNumber: true, cell: (e) => (e.billNumber ?? '—') },
          { label: 'Masa', cell: (e) => e.tableName ?? '—' },
          { label: 'Ürün', cell: (e) => (e.itemName ? `${e.quantity ?? 1} × ${e.itemName}` : '—') },
          { label: 'Yapan', cell: (e) => e.userName ?? '—' },
          { label: 'Onaylayan', cell: (e) => e.approverName ?? '—' },
          { label: 'Neden', wraps: true, cell: (e) => e.reason ?? '—' },
          { label: 'Tutar', isNumber: true, cell: (e) => (e.amount === null ? '—' : formatTL(e.amount)) },
        ]}
        empty="Bu dönemde indirim, ikram, iptal, iade ya da yeniden açma yok"
      />
      {report.exceptionsTotal > report.exceptions.length && (
        <p className={classes.legend}>
          Son {formatCount(report.exceptions.length)} istisna gösteriliyor (dönemde toplam {formatCount(report.exceptionsTotal)}).
        </p>
      )}
    </Stack>
  );
}
