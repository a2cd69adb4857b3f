import { Button, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { WEEKDAY_LABELS, type SalesReportResponse } from '../../../../shared/reports-contract';
import { HeatMap, LineChart } from './charts';
import { CsvLink, ReportTable } from './report-table';
import { formatAxisTL, formatCount, formatTL, shortDay } from './format';
import type { Period } from './period';
import { SummaryCards } from './summary-cards';
import classes from './reports.module.css';

const WEEKDAY_SHORT = ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'];
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** A chart with its "Tablo olarak göster" switch: the same numbers as a table, for anyone who cannot read the picture. */
function ChartSection({ title, period, csv, chart, table }: { title: string; period: Period; csv: 'byDay' | 'byHour'; chart: ReactNode; table: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <section className={classes.section} aria-label={title}>
      <div className={classes.sectionHead}>
        <h3>{title}</h3>
        <div className={classes.actions}>
          <Button size="md" variant="default" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Grafik olarak göster' : 'Tablo olarak göster'}
          </Button>
          <CsvLink period={period} table={csv} />
        </div>
      </div>
      {asTable ? table : chart}
    </section>
  );
}

export function SummaryTab({ report, period }: { report: SalesReportResponse; period: Period }) {
  const s = report.summary;
  const hasSales = s.bills > 0 || s.refunds > 0;
  const paid = report.payments.reduce((a, p) => a + p.amount, 0);
  // hours with any sale, first to last, so a lunch-and-dinner place does not scroll past empty nights
  const hours = report.byHour.map((h) => h.hour);
  const firstHour = hours.length ? Math.min(...hours) : 0;
  const lastHour = hours.length ? Math.max(...hours) : -1;
  const hourRows = Array.from({ length: lastHour - firstHour + 1 }, (_, i) => firstHour + i);
  const heat = hourRows.map((h) => WEEKDAY_LABELS.map((_, wi) => report.byHour.find((c) => c.hour === h && c.weekday === wi + 1)?.net ?? 0));
  const hourTable = [...report.byHour].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  return (
    <Stack gap="lg">
      {!hasSales && (
        <p className={classes.cardValue} role="status" data-testid="no-sales">
          Bu dönemde satış yok
        </p>
      )}
      <section className={classes.section} aria-label="Özet">
        <div className={classes.sectionHead}>
          <h3>Özet</h3>
          <CsvLink period={period} table="summary" />
        </div>
        <SummaryCards report={report} />
      </section>

      <ReportTable
        title="KDV (oranlara göre)"
        rows={s.vat}
        rowKey={(v) => String(v.rate)}
        columns={[
          { label: 'Oran', cell: (v) => `%${v.rate}` },
          { label: 'Matrah', isNumber: true, cell: (v) => formatTL(v.base) },
          { label: 'KDV', isNumber: true, cell: (v) => formatTL(v.tax) },
          { label: 'Toplam', isNumber: true, cell: (v) => formatTL(v.base + v.tax) },
        ]}
        empty="Bu dönemde KDV yok"
      />

      <ReportTable
        title="Ödemeler"
        period={period}
        csv="payments"
        rows={report.payments}
        rowKey={(p) => `${p.method}-${p.brand ?? ''}`}
        columns={[
          { label: 'Ödeme Türü', cell: (p) => p.label },
          { label: 'Adet', isNumber: true, cell: (p) => formatCount(p.count) },
          { label: 'Bahşiş', isNumber: true, cell: (p) => formatTL(p.tips) },
          { label: 'Tutar', isNumber: true, cell: (p) => formatTL(p.amount) },
        ]}
        footer={report.payments.length > 1 ? ['Toplam', formatCount(report.payments.reduce((a, p) => a + p.count, 0)), formatTL(s.tips), formatTL(paid)] : undefined}
        empty="Bu dönemde ödeme yok"
      />

      <ReportTable
        title="Sipariş Türüne Göre"
        period={period}
        csv="byType"
        rows={report.byType}
        rowKey={(t) => t.type}
        columns={[
          { label: 'Tür', cell: (t) => t.label },
          { label: 'Hesap', isNumber: true, cell: (t) => formatCount(t.bills) },
          { label: 'Kişi', isNumber: true, cell: (t) => formatCount(t.guests) },
          { label: 'Net Satış', isNumber: true, cell: (t) => formatTL(t.net) },
        ]}
      />

      {report.byChannel.length > 0 && (
        <ReportTable
          title="Satış Kanalına Göre"
          period={period}
          csv="byChannel"
          rows={report.byChannel}
          rowKey={(c) => c.channel}
          columns={[
            { label: 'Kanal', cell: (c) => c.label },
            { label: 'Hesap', isNumber: true, cell: (c) => formatCount(c.bills) },
            { label: 'Net Satış', isNumber: true, cell: (c) => formatTL(c.net) },
          ]}
        />
      )}

      {report.qrRequests && (
        <section aria-label="QR Sipariş istekleri" data-testid="qr-requests">
          <Title order={3} size="h4">
            QR Sipariş istekleri
          </Title>
          <Text>{qrRequestsText(report.qrRequests)}</Text>
        </section>
      )}

      {report.byCourier.length > 0 && (
        <ReportTable
          title="Kurye Hesapları"
          period={period}
          csv="byCourier"
          rows={report.byCourier}
          rowKey={(c) => c.courierId}
          columns={[
            { label: 'Kurye', cell: (c) => c.name },
            { label: 'Teslim', isNumber: true, cell: (c) => formatCount(c.delivered) },
            { label: 'Nakit', isNumber: true, cell: (c) => formatTL(c.cash) },
            { label: 'Kredi Kartı', isNumber: true, cell: (c) => formatTL(c.card) },
            { label: 'Yemek Kartı', isNumber: true, cell: (c) => formatTL(c.mealCard) },
            { label: 'Kuryede', isNumber: true, cell: (c) => formatTL(c.open) },
          ]}
        />
      )}

      {hasSales && (
        <ChartSection
          title="Günlere Göre Net Satış"
          period={period}
          csv="byDay"
          chart={<LineChart title="Günlere göre net satış çizgi grafiği" points={report.byDay.map((d) => ({ label: shortDay(d.day), value: d.net }))} axis={formatAxisTL} />}
          table={
            <ReportTable
              title="Günlere Göre (tablo)"
              headingLevel={4}
              rows={report.byDay}
              rowKey={(d) => d.day}
              columns={[
                { label: 'Gün', cell: (d) => d.day.split('-').reverse().join('.') },
                { label: 'Hesap', isNumber: true, cell: (d) => formatCount(d.bills) },
                { label: 'Brüt', isNumber: true, cell: (d) => formatTL(d.gross) },
                { label: 'Net Satış', isNumber: true, cell: (d) => formatTL(d.net) },
              ]}
            />
          }
        />
      )}

      {hasSales && hourRows.length > 0 && (
        <ChartSection
          title="Saat ve Haftanın Gününe Göre"
          period={period}
          csv="byHour"
          chart={
            <HeatMap
              title="Saat ve haftanın gününe göre net satış ısı haritası"
              rows={hourRows.map(hourLabel)}
              columns={WEEKDAY_SHORT}
              values={heat}
              format={formatAxisTL}
            />
          }
          table={
            <ReportTable
              title="Saat ve Güne Göre (tablo)"
              headingLevel={4}
              rows={hourTable}
              rowKey={(c) => `${c.weekday}-${c.hour}`}
              columns={[
                { label: 'Gün', cell: (c) => WEEKDAY_LABELS[c.weekday - 1] },
                { label: 'Saat', cell: (c) => hourLabel(c.hour) },
                { label: 'Hesap', isNumber: true, cell: (c) => formatCount(c.bills) },
                { label: 'Net Satış', isNumber: true, cell: (c) => formatTL(c.net) },
              ]}
            />
          }
        />
      )}
    </Stack>
  );
}

/** "12 onaylandı · 2 reddedildi · 1 yanıtsız kaldı · onay süresi (medyan) 1 dk 20 sn" */
export function qrRequestsText(q: NonNullable<SalesReportResponse['qrRequests']>): string {
  const wait = q.medianConfirmSeconds === null ? null : q.medianConfirmSeconds < 60 ? `${q.medianConfirmSeconds} sn` : `${Math.floor(q.medianConfirmSeconds / 60)} dk ${q.medianConfirmSeconds % 60} sn`;
  return [`${formatCount(q.accepted)} onaylandı`, `${formatCount(q.rejected)} reddedildi`, `${formatCount(q.expired)} yanıtsız kaldı (süresi doldu)`, ...(wait ? [`onay süresi (medyan) ${wait}`] : [])].join(' · ');
}
