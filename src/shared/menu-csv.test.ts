import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, CSV_MAX_ROWS } from './menu-contract';
import { CsvFileError, exportMenuCsv, planMenuImport, type CsvMenu } from './menu-csv';

const HEADER = Object.values(CSV_COLUMNS).join(';');

const menu: CsvMenu = {
  categories: [
    { id: 'c-soup', icon: '🍲', name: 'Çorbalar' },
    { id: 'c-grill', icon: '🔥', name: 'Izgaralar' },
  ],
  items: [
    {
      id: 'i-lentil',
      categoryId: 'c-soup',
      name: 'Mercimek Çorbası',
      description: 'Limon ile',
      priceKurus: 9000,
      vatRate: 10,
      sortOrder: 0,
      isAvailable: true,
      station: 'Mutfak',
      optionGroupIds: [],
    },
    {
      id: 'i-adana',
      categoryId: 'c-grill',
      name: 'Adana Kebap',
      description: null,
      priceKurus: 125050,
      vatRate: 10,
      sortOrder: 0,
      isAvailable: false,
      station: 'Izgara',
      optionGroupIds: ['g-portion', 'g-extra'],
    },
  ],
  optionGroups: [
    { id: 'g-portion', name: 'Porsiyon' },
    { id: 'g-extra', name: 'Ekstralar' },
  ],
};

const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const row = (cells: Partial<Record<keyof typeof CSV_COLUMNS, string>>) =>
  (Object.keys(CSV_COLUMNS) as (keyof typeof CSV_COLUMNS)[]).map((c) => cells[c] ?? '').join(';');

describe('menu CSV export', () => {
  it('writes UTF-8 with a BOM, Turkish headers, ";" between cells and Turkish prices', () => {
    const text = exportMenuCsv(menu);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe('i-lentil;🍲;Çorbalar;Mercimek Çorbası;Limon ile;90,00;10;0;Satışta;Mutfak;');
    expect(lines[2]).toBe('i-adana;🔥;Izgaralar;Adana Kebap;;1.250,50;10;0;Tükendi;Izgara;Porsiyon | Ekstralar');
  });

  it('keeps a cell that looks like a spreadsheet formula as text', () => {
    const evil = { ...menu, items: [{ ...menu.items[0], name: '=HYPERLINK("http://x")' }] };
    expect(exportMenuCsv(evil)).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it.each([
    ['=', '=1+1'],
    ['+', '+90 555 000 00 00'],
    ['-', '-2+3+cmd|" /C calc"!A0'],
    ['@', '@SUM(1+1)*cmd|" /C calc"!A0'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('prefixes an apostrophe to every cell that starts with %s, so a spreadsheet never runs it', (_start, value) => {
    const evil: CsvMenu = {
      categories: [{ ...menu.categories[0], name: value.replace(/[\t\r]/g, '') }],
      items: [{ ...menu.items[0], name: value.replace(/[\t\r]/g, ''), description: value, station: value.replace(/[\t\r]/g, '') }],
      optionGroups: [],
    };
    const [, record] = Papa.parse<string[]>(exportMenuCsv(evil).slice(1).trim(), { delimiter: ';' }).data;
    const cell = (column: keyof typeof CSV_COLUMNS) => record[Object.keys(CSV_COLUMNS).indexOf(column)];
    expect(cell('description')).toBe(`'${value}`);
    if (!/^[\t\r]/.test(value)) {
      for (const column of ['name', 'category', 'station'] as const) expect(cell(column)).toBe(`'${value}`);
    }
    // …and the import takes the apostrophe off again.
    const plan = planMenuImport(exportMenuCsv(evil), evil);
    expect(plan.rows[0]?.fields.description).toBe(value.trim());
  });

  it('reads back its own export as "nothing changed"', () => {
    const plan = planMenuImport(exportMenuCsv(menu), menu);
    expect(plan.errors).toEqual([]);
    expect(plan.newCategories).toEqual([]);
    expect(plan.rows.map((r) => [r.itemId, r.isUnchanged])).toEqual([
      ['i-lentil', true],
      ['i-adana', true],
    ]);
  });

  it('reads back a formula-looking name without the protecting apostrophe', () => {
    const evil = { ...menu, items: [{ ...menu.items[0], name: '=1+1' }] };
    const plan = planMenuImport(exportMenuCsv(evil), evil);
    expect(plan.rows[0].fields.name).toBe('=1+1');
    expect(plan.rows[0].isUnchanged).toBe(true);
  });
});

describe('menu CSV import plan', () => {
  it('matches rows without a code to items by category and name, Turkish case-insensitively, and creates the rest', () => {
    const plan = planMenuImport(
      csv(
        row({ category: 'ÇORBALAR', name: 'mercimek çorbası', price: '95', description: 'Yeni' }),
        row({ categoryIcon: '🍮', category: 'Tatlılar', name: 'Künefe', price: '220,50', vatRate: '%10', optionGroups: 'ekstralar' }),
        row({ category: 'Tatlılar', name: 'Sütlaç', price: '110', status: 'Tükendi', station: 'Tatlı' }),
      ),
      menu,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.newCategories).toEqual([{ name: 'Tatlılar', icon: '🍮' }]);
    const [lentil, kunefe, sutlac] = plan.rows;
    expect(lentil).toMatchObject({ line: 2, itemId: 'i-lentil', category: { id: 'c-soup' }, isUnchanged: false });
    expect(lentil.fields).toMatchObject({ name: 'mercimek çorbası', priceKurus: 9500, description: 'Yeni' });
    expect(kunefe).toMatchObject({ line: 3, category: { newName: 'Tatlılar' } });
    expect(kunefe.itemId).toBeUndefined();
    expect(kunefe.fields).toMatchObject({ priceKurus: 22050, vatRate: 10, optionGroupIds: ['g-extra'], isAvailable: true, station: 'Mutfak' });
    expect(sutlac.fields).toMatchObject({ isAvailable: false, station: 'Tatlı', sortOrder: null });
  });

  it('gives a new category without an icon the default plate', () => {
    const plan = planMenuImport(csv(row({ category: 'Kahvaltı', name: 'Menemen', price: '150' })), menu);
    expect(plan.newCategories).toEqual([{ name: 'Kahvaltı', icon: '🍽️' }]);
  });

  it('lists every bad row with its line and reason', () => {
    const plan = planMenuImport(
      csv(
        row({ category: 'Çorbalar', name: '', price: '90' }),
        row({ category: 'Çorbalar', name: 'Tarhana', price: '-5' }),
        row({ category: 'Çorbalar', name: 'Düğün Çorbası', price: 'on lira' }),
        row({ category: 'Çorbalar', name: 'Altın Çorba', price: '1.000.000,01' }),
        row({ category: '', name: 'Kimsesiz', price: '10' }),
        row({ category: 'Çorbalar', name: 'Paça', price: '150', vatRate: '18' }),
        row({ category: 'Çorbalar', name: 'Beyran', price: '250', optionGroups: 'Sos Seçimi' }),
        row({ code: 'i-yabanci', category: 'Çorbalar', name: 'Yabancı', price: '10' }),
        row({ category: 'Çorbalar', name: 'Yayla', price: '95', sortOrder: 'ilk' }),
        row({ category: 'Çorbalar', name: 'Yayla', price: '95', status: 'belki' }),
        row({ categoryIcon: 'çok kelime', category: 'Yeni', name: 'X', price: '1' }),
      ),
      menu,
    );
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      { line: 2, message: 'Ürün adı boş olamaz' },
      { line: 3, message: 'Fiyat negatif olamaz' },
      { line: 4, message: 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)' },
      { line: 5, message: 'Fiyat en fazla 1.000.000,00 TL olabilir' },
      { line: 6, message: 'Kategori adı boş olamaz' },
      { line: 7, message: 'KDV oranı %1, %10 ya da %20 olmalı' },
      { line: 8, message: 'Seçenek grubu bulunamadı: Sos Seçimi (önce Seçenekler sekmesinde oluşturun)' },
      { line: 9, message: 'Ürün kodu bu restoranın menüsünde yok: i-yabanci' },
      { line: 10, message: 'Sıra bir sayı olmalı' },
      { line: 11, message: "Durum 'Satışta' ya da 'Tükendi' olmalı" },
      { line: 11, message: 'Aynı kategoride aynı ürün 10. satırda da var' },
      { line: 12, message: 'Simge boşluk içeremez (tek bir emoji ya da kısa bir kelime olmalı)' },
    ]);
  });

  it('refuses a code used twice and a rename onto another item of the category', () => {
    const plan = planMenuImport(
      csv(
        row({ code: 'i-lentil', category: 'Çorbalar', name: 'Mercimek', price: '90' }),
        row({ code: 'i-lentil', category: 'Çorbalar', name: 'Mercimek 2', price: '90' }),
        row({ code: 'i-adana', category: 'Çorbalar', name: 'mercimek çorbası', price: '90' }),
      ),
      menu,
    );
    expect(plan.errors).toEqual([
      { line: 3, message: 'Aynı ürün kodu 2. satırda da var' },
      { line: 4, message: '"Çorbalar" kategorisinde "mercimek çorbası" adlı başka bir ürün zaten var' },
    ]);
  });

  it('reads comma- and tab-separated files and skips blank lines', () => {
    const comma = [Object.values(CSV_COLUMNS).join(','), ',,Çorbalar,Tarhana,,"95,50",,,,,', '', ',,,,,,,,,,'].join('\r\n');
    const plan = planMenuImport(comma, menu);
    expect(plan.errors).toEqual([]);
    expect(plan.rows[0].fields).toMatchObject({ name: 'Tarhana', priceKurus: 9550 });
    const tab = [Object.values(CSV_COLUMNS).join('\t'), '\t\tÇorbalar\tTarhana\t\t95\t\t\t\t\t'].join('\n');
    expect(planMenuImport(tab, menu).rows[0].fields.priceKurus).toBe(9500);
  });

  it('reports a row with the wrong number of cells', () => {
    const plan = planMenuImport(csv('x;Çorbalar;Tarhana'), menu);
    expect(plan.errors[0]).toEqual({ line: 2, message: 'Sütun sayısı başlıkla uyuşmuyor (11 yerine 3)' });
  });

  it.each([
    ['an empty file', '', 'CSV dosyası boş'],
    ['a header only', HEADER, 'CSV dosyasında başlıktan başka satır yok'],
    ['a file that is not UTF-8', `${HEADER}\n;;Çorbalar;\uFFFDorba;;90;;;;;`, 'Dosya UTF-8 biçiminde değil'],
    ['missing required headers', 'Ad;Tutar\nÇay;25', 'CSV başlıkları eksik: Kategori, Ürün Adı, Fiyat'],
    ['an unclosed quote', `${HEADER}\n;;Çorbalar;"Tarhana;;90;;;;;`, 'kapanmamış tırnak'],
  ])('refuses %s as a whole', (_, text, message) => {
    expect(() => planMenuImport(text, menu)).toThrow(CsvFileError);
    expect(() => planMenuImport(text, menu)).toThrow(message);
  });
});

describe('menu CSV export and import edges', () => {
  it('orders items by the category order first and by their sort order within a category', () => {
    const shuffled: CsvMenu = {
      ...menu,
      items: [
        { ...menu.items[1], id: 'i-g2', name: 'Şiş', sortOrder: 2 },
        { ...menu.items[0], id: 'i-s5', name: 'Ezogelin', sortOrder: 5 },
        { ...menu.items[1], id: 'i-g1', name: 'Adana', sortOrder: 1 },
        { ...menu.items[0], id: 'i-s3', name: 'Tarhana', sortOrder: 3 },
      ],
    };
    const codes = exportMenuCsv(shuffled).slice(1).trim().split('\r\n').slice(1).map((line) => line.split(';')[0]);
    expect(codes).toEqual(['i-s3', 'i-s5', 'i-g1', 'i-g2']);
  });

  it('writes empty category cells for an item of an unknown category and drops option groups that no longer exist', () => {
    const orphan: CsvMenu = {
      ...menu,
      items: [{ ...menu.items[1], categoryId: 'c-gone', optionGroupIds: ['g-gone', 'g-extra'] }],
    };
    const lines = exportMenuCsv(orphan).slice(1).trim().split('\r\n');
    expect(lines[1]).toBe('i-adana;;;Adana Kebap;;1.250,50;10;0;Tükendi;Izgara;Ekstralar');
  });

  it('names the record of an unclosed quote', () => {
    const text = [HEADER, row({ category: 'Çorbalar', name: 'Tarhana', price: '90' }), ';;Çorbalar;"Ezogelin;;90;;;;;'].join('\n');
    expect(() => planMenuImport(text, menu)).toThrow('CSV okunamadı: 3. kayıtta kapanmamış tırnak işareti var');
  });

  it('accepts as many product rows as the limit and refuses one more', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row({ category: 'Çorbalar', name: `Çorba ${i}`, price: '10' }));
    expect(planMenuImport(csv(...rows(CSV_MAX_ROWS)), menu).rows).toHaveLength(CSV_MAX_ROWS);
    expect(() => planMenuImport(csv(...rows(CSV_MAX_ROWS + 1)), menu)).toThrow(`CSV en fazla ${CSV_MAX_ROWS} ürün satırı içerebilir`);
  });
});
