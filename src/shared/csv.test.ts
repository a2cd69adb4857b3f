import Papa from 'papaparse';
import { unescapeCsvCell, writeCsv } from './csv';

// The payloads named in OWASP's "CSV Injection" page and the ones a tester sent in Satış Raporları.
const FORMULAS = ['=HYPERLINK("http://example.com","Tıkla")', '+cmd|\' /C calc\'!A0', '@SUM(1)', '-2+3', '=1+1', '\t=1', '\r=1'];

const cellsOf = (csv: string) => Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data[1];

describe('the one CSV writer', () => {
  it('writes a BOM, ; between cells and CRLF', () => {
    const csv = writeCsv(['Ürün', 'Adet'], [['Çay', '2']]);
    expect(csv).toBe('\ufeffÜrün;Adet\r\nÇay;2\r\n');
  });

  it.each(FORMULAS)('writes %j as text, never as a formula', (formula) => {
    const [cell] = cellsOf(writeCsv(['Ürün'], [[formula]]));
    expect(cell).toBe(`'${formula}`);
    expect(unescapeCsvCell(cell)).toBe(formula);
  });

  it('keeps numbers numbers, negative amounts included', () => {
    const cells = cellsOf(writeCsv(['a', 'b', 'c', 'd'], [['-12,50', '-3', '0,05', '1234,50']]));
    expect(cells).toEqual(['-12,50', '-3', '0,05', '1234,50']);
  });

  it('quotes a cell holding the separator, a quote or a line break', () => {
    const cells = cellsOf(writeCsv(['a', 'b', 'c'], [['Adana; acılı', 'Dürüm "özel"', 'iki\nsatır']]));
    expect(cells).toEqual(['Adana; acılı', 'Dürüm "özel"', 'iki\nsatır']);
  });
});
