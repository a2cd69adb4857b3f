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

function cell(value: unknown, kind: CsvKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return csvMoney(Number(value));
  if (kind === 'percent') return csvPercent(Number(value));
  if (kind === 'bool') return value ? 'Evet' : 'Hayır';
  return String(value);
}

const get = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], o);

/** The rows of a table as objects keyed like REPORT_CSV_COLUMNS. */
function tableRows(report: SalesReportResponse, table: ReportTable): Record<string, unknown>[] {
  switch (table) {
    case 'summary':
      return [
        { label: 'Dönem', value: `${report.from} – ${report.to}` },
        ...SUMMARY_ROWS.map((r) => ({ label: r.label, value: cell(get(report.summary, r.key), r.kind) })),
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

export function salesCsv(report: SalesReportResponse, table: ReportTable): string {
  const columns = REPORT_CSV_COLUMNS[table];
  // the summary's values are written already (mixed kinds in one column)
  const kindOf = (kind: CsvKind) => (table === 'summary' ? 'text' : kind);
  return writeCsv(
    columns.map((c) => c.label),
    tableRows(report, table).map((row) => columns.map((c) => cell(row[c.key], kindOf(c.kind)))),
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
