import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { unescapeCsvCell, writeCsv } from './csv';

/*
 * The one exception to the formula guard (csv.ts) is a whole negative number in Turkish form; a cell
 * that only starts like one is still a formula. And the menu import takes back only the `'` the
 * writer added, never a guest's own apostrophe.
 */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data[1];

describe('negative numbers and formulas', () => {
  it.each(['-12,50+1', '-3-1', '-1,5,5', '-,5', '-12,', '-12.50', '- 3'])('writes %j, which only starts like a negative number, as text', (cell) => {
    expect(cellsOf(writeCsv(['a'], [[cell]]))).toEqual([`'${cell}`]);
  });

  it('lets a negative whole number or amount with any number of decimals stay a number', () => {
    expect(cellsOf(writeCsv(['a', 'b', 'c'], [['-0', '-1234567', '-0,125']]))).toEqual(['-0', '-1234567', '-0,125']);
  });

  it('leaves a cell with a formula character inside it, not at its start, as written', () => {
    expect(cellsOf(writeCsv(['a', 'b'], [['Ayran=Yayık', 'Çay+Simit']]))).toEqual(['Ayran=Yayık', 'Çay+Simit']);
  });
});

describe('reading a cell back', () => {
  it("takes off the writer's apostrophe before a formula character only", () => {
    expect(unescapeCsvCell("'=1+1")).toBe('=1+1');
    expect(unescapeCsvCell("'-12,50+1")).toBe('-12,50+1');
    expect(unescapeCsvCell("'Ali'nin Yeri")).toBe("'Ali'nin Yeri");
    expect(unescapeCsvCell("''=1")).toBe("''=1");
    expect(unescapeCsvCell('=1')).toBe('=1');
  });
});
