import { trDay } from '../../../shared/domain/calendar';
import { writeCsv } from '../../../shared/csv';
import {
  REPORT_CSV_COLUMNS,
  REPORT_TABLE_LABELS,
  SUMMARY_ROWS,
  WEEKDAY_LABELS,
  type CsvKind,
  type ReportTable,
  type SalesReportResponse,
} from '../../../shared/reports-contract';

/**
 * One table of the sales report as a CSV that Excel in Turkish opens right: UTF-8 with a BOM, `;`
 * between cells, Turkish headers, amounts in TL with a decimal comma and no grouping (1234,50), a
 * share as a percent with a decimal comma (12,5), quotes only where a cell needs them (papaparse).
 */

/** 123450 → "1234,50"; −5 → "-0,05". */
export function csvMoney(kurus: number): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** 0.125 → "12,5" (one decimal). */
export function csvPercent(share: number): string {
  return (Math.round(share * 1000) / 10).toFixed(1).replace('.', ',');
}

/** An instant as people in the restaurant read it: 27.11.2026 21:05 in its time zone. */
function csvTime(at: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

function cell(value: unknown, kind: CsvKind, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return csvMoney(Number(value));
  if (kind === 'percent') return csvPercent(Number(value));
  if (kind === 'bool') return value ? 'Evet' : 'Hayır';
  if (kind === 'day') return trDay(String(value));
  if (kind === 'time') return csvTime(String(value), timeZone);
  return String(value);
}

const get = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], o);

/** The rows of a table as objects keyed like REPORT_CSV_COLUMNS. */
function tableRows(report: SalesReportResponse, table: ReportTable): Record<string, unknown>[] {
  switch (table) {
    case 'summary':
      return [
        { label: 'Dönem', value: `${trDay(report.from)} – ${trDay(report.to)}` },
        ...SUMMARY_ROWS.map((r) => ({ label: r.label, value: cell(get(report.summary, r.key), r.kind, 'UTC') })),
        ...report.summary.vat.flatMap((v) => [
          { label: `KDV %${v.rate} Matrah (TL)`, value: csvMoney(v.base) },
          { label: `KDV %${v.rate} Vergi (TL)`, value: csvMoney(v.tax) },
        ]),
      ];
    case 'byHour':
      return report.byHour.map((h) => ({ ...h, weekdayLabel: WEEKDAY_LABELS[h.weekday - 1] }));
    case 'byWaiter':
      return report.byWaiter.map((w) => ({
        ...w,
        givenDiscounts: w.given.discounts,
        givenComps: w.given.comps,
        givenCancellations: w.given.cancellations,
      }));
    case 'payments':
      return report.payments.map((p) => ({ ...p, brand: p.brand ?? '' }));
    default:
      return report[table] as unknown as Record<string, unknown>[];
  }
}

/**
 * One table as CSV. Every table of rows ends with a Toplam row summing its money and counts (the
 * summary is itself the totals). `timeZone`: the restaurant's, for the İstisnalar times.
 */
export function salesCsv(report: SalesReportResponse, table: ReportTable, timeZone: string): string {
  const columns = REPORT_CSV_COLUMNS[table];
  // the summary's values are written already (mixed kinds in one column)
  const kindOf = (kind: CsvKind) => (table === 'summary' ? 'text' : kind);
  const rows = tableRows(report, table);
  const lines = rows.map((row) => columns.map((c) => cell(row[c.key], kindOf(c.kind), timeZone)));
  if (table !== 'summary' && rows.length > 0) {
    lines.push(columns.map((c, i) => (i === 0 ? 'Toplam' : c.total ? cell(rows.reduce((sum, row) => sum + Number(row[c.key] ?? 0), 0), c.kind, timeZone) : '')));
  }
  return writeCsv(
    columns.map((c) => c.label),
    lines,
  );
}

const ASCII: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', Ç: 'C', Ğ: 'G', İ: 'I', Ö: 'O', Ş: 'S', Ü: 'U' };

/** `attachment` with an ASCII name every browser takes and the Turkish one (RFC 5987) for those that read it. */
export function csvDisposition(table: ReportTable, from: string, to: string): string {
  const turkish = `Satış Raporu - ${REPORT_TABLE_LABELS[table]} ${from}_${to}.csv`;
  const ascii = turkish
    .replace(/[çğıöşüÇĞİÖŞÜ]/g, (ch) => ASCII[ch])
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .toLowerCase();
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(turkish)}`;
}
