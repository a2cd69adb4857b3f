import Papa from 'papaparse';
import { unescapeCsvCell, writeCsv } from './csv';
import {
  CSV_COLUMNS,
  CSV_LIST_SEPARATOR,
  CSV_MAX_ROWS,
  CSV_REQUIRED_COLUMNS,
  CSV_STATUS,
  DEFAULT_STATION,
  DEFAULT_VAT_RATE,
  createCategoryRequest,
  createItemRequest,
} from './menu-contract';
import { formatMoneyInput, readTurkishMoney } from './domain/money';

/** The forms' rules for the columns a CSV row carries. */
const csvItemRules = createItemRequest.pick({ name: true, description: true, vatRate: true, sortOrder: true, station: true });
const csvCategoryRules = createCategoryRequest.pick({ name: true }).extend({ icon: createCategoryRequest.shape.icon.optional() });

/**
 * The menu as a spreadsheet: export writes one row per item (UTF-8 with BOM, ';' between cells,
 * as Turkish Excel expects), import reads it back into a plan. Planning is pure: it checks every
 * row against the current menu and lists each problem, so a dry run and the real import agree and
 * nothing is written unless every row is valid.
 */

type Column = keyof typeof CSV_COLUMNS;

export interface CsvCategory {
  id: string;
  icon: string;
  name: string;
}
export interface CsvItemFields {
  name: string;
  description: string | null;
  priceKurus: number;
  vatRate: number;
  sortOrder: number | null;
  isAvailable: boolean;
  station: string;
  optionGroupIds: string[];
}
export interface CsvItem extends Omit<CsvItemFields, 'sortOrder'> {
  id: string;
  categoryId: string;
  sortOrder: number;
}
export interface CsvMenu {
  categories: CsvCategory[];
  items: CsvItem[];
  optionGroups: { id: string; name: string }[];
}

export interface PlannedRow {
  line: number;
  /** an existing item to update; absent = a new item */
  itemId?: string;
  /** an existing category id, or the name of a category the import creates */
  category: { id: string } | { newName: string };
  fields: CsvItemFields;
  isUnchanged: boolean;
}
export interface ImportPlan {
  rows: PlannedRow[];
  newCategories: { name: string; icon: string }[];
  errors: { line: number; message: string }[];
}

export const DEFAULT_CATEGORY_ICON = '🍽️';
const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');

/** A fatal problem with the file as a whole (not with one row). */
export class CsvFileError extends Error {}

export function exportMenuCsv(menu: CsvMenu): string {
  const categoryById = new Map(menu.categories.map((c) => [c.id, c]));
  const groupName = new Map(menu.optionGroups.map((g) => [g.id, g.name]));
  const order = new Map(menu.categories.map((c, i) => [c.id, i]));
  const items = [...menu.items].sort(
    (a, b) => (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) || a.sortOrder - b.sortOrder,
  );
  const columns = Object.keys(CSV_COLUMNS) as Column[];
  const rows = items.map((item) => {
    const category = categoryById.get(item.categoryId);
    const cells: Record<Column, string> = {
      code: item.id,
      categoryIcon: category?.icon ?? '',
      category: category?.name ?? '',
      name: item.name,
      description: item.description ?? '',
      price: formatMoneyInput(item.priceKurus),
      vatRate: String(item.vatRate),
      sortOrder: String(item.sortOrder),
      status: item.isAvailable ? CSV_STATUS.available : CSV_STATUS.soldOut,
      station: item.station,
      optionGroups: item.optionGroupIds.map((id) => groupName.get(id) ?? '').filter(Boolean).join(CSV_LIST_SEPARATOR),
    };
    return columns.map((c) => cells[c]);
  });
  return writeCsv(
    columns.map((c) => CSV_COLUMNS[c]),
    rows,
  );
}

function readRecords(text: string): string[][] {
  if (text.includes('\uFFFD')) {
    throw new CsvFileError("Dosya UTF-8 biçiminde değil. Excel'de 'CSV UTF-8 (virgülle ayrılmış)' olarak kaydedip tekrar deneyin.");
  }
  const clean = text.replace(/^\uFEFF/, '');
  if (clean.trim() === '') throw new CsvFileError('CSV dosyası boş');
  const parsed = Papa.parse<string[]>(clean, { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: false });
  const quoteProblem = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteProblem) {
    throw new CsvFileError(`CSV okunamadı: ${(quoteProblem.row ?? 0) + 1}. kayıtta kapanmamış tırnak işareti var`);
  }
  return parsed.data;
}

function headerIndexes(header: string[]): Record<Column, number> {
  const byName = new Map(header.map((h, i) => [key(h), i]));
  const indexes = {} as Record<Column, number>;
  for (const [column, title] of Object.entries(CSV_COLUMNS) as [Column, string][]) indexes[column] = byName.get(key(title)) ?? -1;
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => indexes[c] < 0).map((c) => CSV_COLUMNS[c]);
  if (missing.length) {
    throw new CsvFileError(
      `CSV başlıkları eksik: ${missing.join(', ')}. İlk satır şu başlıkları içermeli: ${Object.values(CSV_COLUMNS).join(';')}`,
    );
  }
  return indexes;
}

/** Plans an import of `text` into `menu`; throws CsvFileError when the file itself is unusable. */
export function planMenuImport(text: string, menu: CsvMenu): ImportPlan {
  const records = readRecords(text);
  const [header, ...body] = records;
  const col = headerIndexes(header);
  const dataRows = body.map((cells, i) => ({ cells, line: i + 2 })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (dataRows.length === 0) throw new CsvFileError('CSV dosyasında başlıktan başka satır yok');
  if (dataRows.length > CSV_MAX_ROWS) throw new CsvFileError(`CSV en fazla ${CSV_MAX_ROWS} ürün satırı içerebilir`);

  const categoriesByKey = new Map(menu.categories.map((c) => [key(c.name), c]));
  const itemsById = new Map(menu.items.map((i) => [i.id, i]));
  const itemsByPlace = new Map(menu.items.map((i) => [`${i.categoryId}/${key(i.name)}`, i]));
  const groupsByKey = new Map(menu.optionGroups.map((g) => [key(g.name), g.id]));

  const plan: ImportPlan = { rows: [], newCategories: [], errors: [] };
  const seenCodes = new Map<string, number>();
  const seenPlaces = new Map<string, number>();

  for (const { cells, line } of dataRows) {
    const problems: string[] = [];
    const cell = (c: Column) => {
      const value = col[c] >= 0 ? (cells[col[c]] ?? '') : '';
      return unescapeCsvCell(value).trim();
    };
    if (cells.length !== header.length) {
      problems.push(`Sütun sayısı başlıkla uyuşmuyor (${header.length} yerine ${cells.length})`);
    }

    // A row is checked by the forms' own schemas (the same rules and messages as Ürün Ekle and
    // Kategori Ekle); only what a spreadsheet spells differently is read here: the Turkish price,
    // "%10", an empty cell for a default, the Satışta / Tükendi words.
    const icon = cell('categoryIcon');
    const vatText = cell('vatRate').replace(/^%/, '');
    const sortText = cell('sortOrder');
    const item = csvItemRules.safeParse({
      name: cell('name'),
      description: cell('description') || null,
      vatRate: vatText === '' ? DEFAULT_VAT_RATE : Number(vatText),
      sortOrder: sortText === '' ? undefined : Number(sortText),
      station: cell('station').replace(/\s+/g, ' ') || DEFAULT_STATION,
    });
    const category = csvCategoryRules.safeParse({ name: cell('category'), ...(icon ? { icon } : {}) });
    for (const result of [item, category]) if (!result.success) problems.push(...result.error.issues.map((i) => i.message));
    // as the schemas clean them, also when another cell of the row is wrong (duplicates are still found)
    const name = cell('name').replace(/\s+/g, ' ');
    const categoryName = cell('category').replace(/\s+/g, ' ');
    const { description = null, vatRate = DEFAULT_VAT_RATE, station = DEFAULT_STATION } = item.data ?? {};
    const sortOrder = item.data?.sortOrder ?? null;

    const price = readTurkishMoney(cell('price'));
    if (!price.ok) problems.push(price.error);

    const status = key(cell('status'));
    const isAvailable = status !== key(CSV_STATUS.soldOut);
    if (status !== '' && status !== key(CSV_STATUS.available) && isAvailable) {
      problems.push(`Durum '${CSV_STATUS.available}' ya da '${CSV_STATUS.soldOut}' olmalı`);
    }

    const optionGroupIds: string[] = [];
    for (const groupName of cell('optionGroups').split('|').map((g) => g.trim()).filter(Boolean)) {
      const id = groupsByKey.get(key(groupName));
      if (!id) problems.push(`Seçenek grubu bulunamadı: ${groupName} (önce Seçenekler sekmesinde oluşturun)`);
      else if (!optionGroupIds.includes(id)) optionGroupIds.push(id);
    }

    const code = cell('code');
    let existing: CsvItem | undefined;
    if (code) {
      existing = itemsById.get(code);
      if (!existing) problems.push(`Ürün kodu bu restoranın menüsünde yok: ${code}`);
      const earlier = seenCodes.get(code);
      if (earlier !== undefined) problems.push(`Aynı ürün kodu ${earlier}. satırda da var`);
      seenCodes.set(code, line);
    }

    const existingCategory = categoriesByKey.get(key(categoryName));
    if (name && categoryName) {
      const place = `${key(categoryName)}/${key(name)}`;
      const earlier = seenPlaces.get(place);
      if (earlier !== undefined) problems.push(`Aynı kategoride aynı ürün ${earlier}. satırda da var`);
      seenPlaces.set(place, line);
      const namesake = existingCategory ? itemsByPlace.get(`${existingCategory.id}/${key(name)}`) : undefined;
      if (!code) existing = namesake;
      else if (existing && namesake && namesake.id !== existing.id) {
        problems.push(`"${categoryName}" kategorisinde "${name}" adlı başka bir ürün zaten var`);
      }
    }

    if (problems.length) {
      for (const message of problems) plan.errors.push({ line, message });
      continue;
    }

    // A new category is named as its first row spells it; later rows may differ in case.
    let newCategory = existingCategory ? undefined : plan.newCategories.find((c) => key(c.name) === key(categoryName));
    if (!existingCategory && !newCategory) {
      newCategory = { name: categoryName, icon: icon || DEFAULT_CATEGORY_ICON };
      plan.newCategories.push(newCategory);
    }
    const fields: CsvItemFields = {
      name,
      description,
      priceKurus: (price as { kurus: number }).kurus,
      vatRate,
      sortOrder,
      isAvailable,
      station,
      optionGroupIds,
    };
    plan.rows.push({
      line,
      ...(existing ? { itemId: existing.id } : {}),
      category: existingCategory ? { id: existingCategory.id } : { newName: newCategory!.name },
      fields,
      isUnchanged: Boolean(existing && existingCategory && isSame(existing, existingCategory.id, fields)),
    });
  }
  return plan;
}

function isSame(item: CsvItem, categoryId: string, f: CsvItemFields): boolean {
  return (
    item.categoryId === categoryId &&
    item.name === f.name &&
    (item.description ?? null) === f.description &&
    item.priceKurus === f.priceKurus &&
    item.vatRate === f.vatRate &&
    (f.sortOrder === null || item.sortOrder === f.sortOrder) &&
    item.isAvailable === f.isAvailable &&
    item.station === f.station &&
    item.optionGroupIds.length === f.optionGroupIds.length &&
    item.optionGroupIds.every((id, i) => f.optionGroupIds[i] === id)
  );
}
