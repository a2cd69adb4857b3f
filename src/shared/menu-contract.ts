import { z } from 'zod';
import { MAX_PRICE_KURUS, formatTL } from './domain/money';
import { VAT_RATES } from './restaurant-settings';
import { multilineText, nameText, refuseBadCharacters } from './text';

/** The owner's menu: categories, items and reusable option groups ("Seçenekler"). Money in kuruş. */

export const MENU_LIMITS = {
  icon: 16,
  categoryName: 60,
  itemName: 100,
  description: 500,
  station: 40,
  groupName: 60,
  optionName: 60,
  optionsPerGroup: 30,
  groupsPerItem: 20,
  sortOrder: 9999,
} as const;

export const DEFAULT_VAT_RATE = 10;
export const DEFAULT_STATION = 'Mutfak';
/** Offered in the station field; any other name may be typed. */
export const STATION_SUGGESTIONS = ['Mutfak', 'Bar', 'Fırın', 'Izgara', 'Tatlı', 'Soğuk Mutfak'] as const;

const stationOrder = new Intl.Collator('tr');
/**
 * The one station list: every station the menu's items use, the default first, then in Turkish
 * order; with `extra` (e.g. a screen's saved station or the suggestions) merged in.
 */
export function stationsOf(items: readonly { station: string }[], extra: readonly string[] = []): string[] {
  const rest = new Set([...items.map((i) => i.station), ...extra].filter((s) => s && s !== DEFAULT_STATION));
  return [DEFAULT_STATION, ...[...rest].sort(stationOrder.compare)];
}
/** Bulk price changes: the percentage a category's prices may move by, and how to round. */
export const PRICE_CHANGE_PERCENT = { min: -90, max: 500 } as const;
export const PRICE_ROUNDINGS = [1, 100, 500] as const;
/** Photo uploads: what is accepted (checked by the file's first bytes, not its name). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const photoUrl = (file: string) => `/api/public/photos/${file}`;

/** Trimmed, inner whitespace collapsed, then checked: "  Ezogelin   Çorbası " → "Ezogelin Çorbası". */
const cleanName = (label: string, max: number) => nameText(label, { min: 1, max, collapseSpaces: true });

/** An icon is one word (an emoji or a short text): the public menu drops the label's first word. */
const icon = z
  .string({ error: (i) => (i.input === undefined ? 'Simge gerekli' : 'Simge metin olmalı') })
  .trim()
  .min(1, 'Simge boş olamaz')
  .max(MENU_LIMITS.icon, `Simge en fazla ${MENU_LIMITS.icon} karakter olabilir`)
  .regex(/^\S+$/, 'Simge boşluk içeremez (tek bir emoji ya da kısa bir kelime olmalı)')
  .superRefine(refuseBadCharacters('name', 'Simge'));

export const priceKurus = (label = 'Fiyat') =>
  z
    .number({ error: (i) => (i.input === undefined ? `${label} gerekli` : `${label} bir sayı olmalı (kuruş cinsinden)`) })
    .int(`${label} kuruş cinsinden tam sayı olmalı`)
    .min(0, `${label} negatif olamaz`)
    .max(MAX_PRICE_KURUS, `${label} en fazla ${formatTL(MAX_PRICE_KURUS)} olabilir`);

export const vatRate = z.union(
  VAT_RATES.map((r) => z.literal(r)),
  { error: 'KDV oranı %1, %10 ya da %20 olmalı' },
);

const version = z.number({ error: 'Sürüm (version) gerekli' }).int().min(1);
const sortOrder = z
  .number({ error: 'Sıra bir sayı olmalı' })
  .int('Sıra tam sayı olmalı')
  .min(0, 'Sıra negatif olamaz')
  .max(MENU_LIMITS.sortOrder, `Sıra en fazla ${MENU_LIMITS.sortOrder} olabilir`);
const description = multilineText('Açıklama', { max: MENU_LIMITS.description })
  .nullable()
  .transform((d) => (d ? d : null));
const station = cleanName('İstasyon', MENU_LIMITS.station);
const id = z.string({ error: 'Kimlik metin olmalı' }).max(64);

// ---------------------------------------------------------------- categories

export const menuCategory = z.object({
  id: z.string(),
  icon: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  isVisible: z.boolean(),
  version: z.number().int(),
});
export type MenuCategory = z.infer<typeof menuCategory>;

export const createCategoryRequest = z.object({
  icon,
  name: cleanName('Kategori adı', MENU_LIMITS.categoryName),
  isVisible: z.boolean().optional(),
});
export type CreateCategoryRequest = z.infer<typeof createCategoryRequest>;

export const updateCategoryRequest = createCategoryRequest.partial().extend({ version });
export type UpdateCategoryRequest = z.infer<typeof updateCategoryRequest>;

export const reorderCategoriesRequest = z.object({ ids: z.array(id).min(1, 'Sıralanacak kategori yok').max(500) });

export const priceChangeRequest = z.object({
  percent: z
    .number({ error: 'Yüzde bir sayı olmalı' })
    .min(PRICE_CHANGE_PERCENT.min, `Yüzde ${PRICE_CHANGE_PERCENT.min} ile +${PRICE_CHANGE_PERCENT.max} arasında olmalı`)
    .max(PRICE_CHANGE_PERCENT.max, `Yüzde ${PRICE_CHANGE_PERCENT.min} ile +${PRICE_CHANGE_PERCENT.max} arasında olmalı`)
    .refine((p) => p !== 0, 'Yüzde 0 olamaz')
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Yüzde en fazla 2 ondalık basamak içerebilir'),
  /** round every new price to this many kuruş: 1 = exact, 100 = whole lira, 500 = 5 TL steps */
  roundToKurus: z.union(PRICE_ROUNDINGS.map((r) => z.literal(r)), { error: 'Yuvarlama 1, 100 ya da 500 kuruş olmalı' }).default(1),
  /** A price the change brings down to 0 goes onto the public menu as free: the owner confirmed it (else 400). */
  allowZeroPrice: z.boolean({ error: 'Sıfır fiyat onayı evet/hayır olmalı' }).optional(),
});
export type PriceChangeRequest = z.input<typeof priceChangeRequest>;
export const priceChangeResult = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------- items

export const menuItem = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** integer kuruş */
  priceKurus: z.number().int(),
  vatRate: z.number().int(),
  sortOrder: z.number().int(),
  isAvailable: z.boolean(),
  station: z.string(),
  /** '/api/public/photos/<file>' or null */
  photoUrl: z.string().nullable(),
  optionGroupIds: z.array(z.string()),
  version: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const createItemRequest = z.object({
  categoryId: id,
  name: cleanName('Ürün adı', MENU_LIMITS.itemName),
  description: description.optional(),
  priceKurus: priceKurus(),
  vatRate: vatRate.optional(),
  /** left out: after the category's last item */
  sortOrder: sortOrder.optional(),
  isAvailable: z.boolean().optional(),
  station: station.optional(),
  optionGroupIds: z
    .array(id)
    .max(MENU_LIMITS.groupsPerItem, `Bir ürüne en fazla ${MENU_LIMITS.groupsPerItem} seçenek grubu bağlanabilir`)
    .optional(),
  /** A price of 0 goes onto the public menu as free: the owner confirmed it (else 400). */
  allowZeroPrice: z.boolean().optional(),
});
export type CreateItemRequest = z.input<typeof createItemRequest>;

export const updateItemRequest = createItemRequest.partial().extend({ version });
export type UpdateItemRequest = z.input<typeof updateItemRequest>;

// ---------------------------------------------------------------- option groups

export const menuOption = z.object({ id: z.string(), name: z.string(), priceKurus: z.number().int(), sortOrder: z.number().int() });
export const optionGroup = z.object({
  id: z.string(),
  name: z.string(),
  isMultiple: z.boolean(),
  isRequired: z.boolean(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  sortOrder: z.number().int(),
  version: z.number().int(),
  options: z.array(menuOption),
});
export type OptionGroup = z.infer<typeof optionGroup>;

const choiceCount = (label: string) =>
  z.number({ error: `${label} bir sayı olmalı` }).int(`${label} tam sayı olmalı`).min(0, `${label} negatif olamaz`).max(MENU_LIMITS.optionsPerGroup);

const optionGroupFields = z.object({
  name: cleanName('Grup adı', MENU_LIMITS.groupName),
  isMultiple: z.boolean({ error: 'Çoklu seçim evet/hayır olmalı' }),
  isRequired: z.boolean({ error: 'Zorunluluk evet/hayır olmalı' }),
  minChoices: choiceCount('En az seçim'),
  maxChoices: choiceCount('En fazla seçim'),
  options: z
    .array(
      z.object({
        /** an existing option keeps its id; left out = a new option */
        id: id.optional(),
        name: cleanName('Seçenek adı', MENU_LIMITS.optionName),
        priceKurus: priceKurus('Ek fiyat'),
      }),
    )
    .min(1, 'Grupta en az bir seçenek olmalı')
    .max(MENU_LIMITS.optionsPerGroup, `Bir grupta en fazla ${MENU_LIMITS.optionsPerGroup} seçenek olabilir`),
});

/** The rules a group's choice limits must keep, in Turkish; empty = consistent. */
export function optionGroupProblems(g: z.infer<typeof optionGroupFields>): string[] {
  const problems: string[] = [];
  const names = g.options.map((o) => o.name.toLocaleLowerCase('tr-TR'));
  if (new Set(names).size !== names.length) problems.push('Bir grupta aynı adla iki seçenek olamaz');
  if (!g.isMultiple && g.maxChoices !== 1) problems.push('Tek seçimli grupta en fazla seçim 1 olmalı');
  if (g.isRequired && g.minChoices < 1) problems.push('Zorunlu grupta en az seçim 1 ya da daha fazla olmalı');
  if (!g.isRequired && g.minChoices !== 0) problems.push('Zorunlu olmayan grupta en az seçim 0 olmalı');
  if (g.maxChoices < 1) problems.push('En fazla seçim en az 1 olmalı');
  if (g.minChoices > g.maxChoices) problems.push('En az seçim, en fazla seçimden büyük olamaz');
  if (g.maxChoices > g.options.length) problems.push('En fazla seçim, seçenek sayısından büyük olamaz');
  return problems;
}

const withChoiceRules = <T extends z.ZodType<z.infer<typeof optionGroupFields>>>(schema: T) =>
  schema.superRefine((g, ctx) => {
    for (const message of optionGroupProblems(g)) ctx.addIssue({ code: 'custom', message, path: [] });
  });

export const saveOptionGroupRequest = withChoiceRules(optionGroupFields);
export type SaveOptionGroupRequest = z.input<typeof saveOptionGroupRequest>;
export const replaceOptionGroupRequest = withChoiceRules(optionGroupFields.extend({ version }));
export type ReplaceOptionGroupRequest = z.input<typeof replaceOptionGroupRequest>;

// ---------------------------------------------------------------- the whole menu, CSV

export const adminMenu = z.object({
  categories: z.array(menuCategory),
  items: z.array(menuItem),
  optionGroups: z.array(optionGroup),
});
export type AdminMenu = z.infer<typeof adminMenu>;

/** The CSV columns, in export order; Turkish headers. "Ürün Kodu" ties a row to an existing item. */
export const CSV_COLUMNS = {
  code: 'Ürün Kodu',
  categoryIcon: 'Kategori Simgesi',
  category: 'Kategori',
  name: 'Ürün Adı',
  description: 'Açıklama',
  price: 'Fiyat',
  vatRate: 'KDV',
  sortOrder: 'Sıra',
  status: 'Durum',
  station: 'İstasyon',
  optionGroups: 'Seçenekler',
} as const;
export const CSV_REQUIRED_COLUMNS = ['category', 'name', 'price'] as const;
export const CSV_STATUS = { available: 'Satışta', soldOut: 'Tükendi' } as const;
/** Between option group names in the "Seçenekler" cell. */
export const CSV_LIST_SEPARATOR = ' | ';
export const CSV_MAX_ROWS = 2000;

export const importMenuRequest = z.object({
  // Each row's cells are checked as names or descriptions when the import is planned (menu-csv.ts);
  // here only what no cell may hold: NUL, other control characters, broken Unicode.
  csv: z
    .string({ error: 'CSV metni gerekli' })
    .max(900_000, 'CSV dosyası en fazla 900 KB olabilir')
    .superRefine(refuseBadCharacters('multiline', 'CSV dosyası')),
  /** Rows that make a dish 0,00 TL (a new one, or a price changed to 0): the owner confirmed them (else 400). */
  allowZeroPrice: z.boolean({ error: 'Sıfır fiyat onayı evet/hayır olmalı' }).optional(),
});
export const importQuery = z.object({ dryRun: z.enum(['0', '1', 'true', 'false']).optional() });

export const importRowError = z.object({ line: z.number().int(), message: z.string() });
export const importReport = z.object({
  /** true: nothing was written (a preview, or refused because of errors) */
  dryRun: z.boolean(),
  applied: z.boolean(),
  rowCount: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  newCategories: z.array(z.string()),
  errors: z.array(importRowError),
  /** the dishes the import makes 0,00 TL (new ones at 0, or a price changed to 0): asked before importing */
  zeroPriceItems: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;
