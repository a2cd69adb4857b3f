import Papa from 'papaparse';

/**
 * Sofra's one CSV writer (Satış Raporları' tables, the menu export). Excel in Turkish opens it right:
 * UTF-8 with a BOM, `;` between cells, CRLF, quotes only where a cell needs them.
 *
 * A cell that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(1)`, `-2+3`, or
 * one starting with a tab or carriage return) is written with a leading `'`, which Excel and
 * LibreOffice show as text (OWASP "CSV Injection"). A number, a negative amount included ("-12,50"),
 * stays a number: it is the only cell starting with `-` that is let through.
 */
const FORMULA = /^(?!-\d+(?:,\d+)?$)[=+\-@\t\r]/;

/** The text a cell had before the writer neutralised it (the menu import reads its own export). */
export const unescapeCsvCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function writeCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const body = Papa.unparse(
    { fields: [...fields], data: rows.map((r) => [...r]) },
    { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA },
  );
  return `\ufeff${body}\r\n`;
}
