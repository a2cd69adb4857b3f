import { z } from 'zod';
import { isoDate } from './dates';
import { nameText } from './text';
import { QUANTITY_PATTERN, UNITS, UNIT_MESSAGES } from './units';

/**
 * Reçete Raporu (issue 23): Malzemeler (ingredients, Alış, Sayım), recipes per dish and per option,
 * and the recipe report. Quantities travel as the text people typed ("1,5") with their unit and are
 * kept as integer thousandths of the base unit (units.ts); money is integer kuruş, except an
 * ingredient's unit cost, an average that keeps six decimals of a kuruş per unit.
 */

export const RECIPE_LIMITS = {
  ingredientName: 60,
  /** kuruş per unit: 1 000 000 TL per kg is past any ingredient */
  unitCost: 100_000_000,
  purchaseTotal: 1_000_000_000,
  recipeLines: 50,
  /** a portion factor "1,5": 0,001 … 100 */
  factorMax: 100,
  reportDays: 366,
} as const;

export const RECIPE_MESSAGES = {
  ingredientNotFound: 'Malzeme bulunamadı',
  ingredientNameTaken: 'Bu adla bir malzeme zaten var',
  ingredientInUse: 'Bu malzeme bir reçetede kullanılıyor; önce reçeteden çıkarın',
  unitChangeInUse: 'Malzeme reçetelerde kullanılıyor: birimi yalnızca uyumlu bir birime (g ile kg, ml ile l) değiştirilebilir',
  itemNotFound: 'Ürün bulunamadı',
  optionNotFound: 'Seçenek bulunamadı',
  selfReference: 'Bir reçete kendisini malzeme olarak kullanamaz',
  duplicateIngredient: 'Bir malzeme reçetede bir kez yer alabilir',
  removeOnlyOnOptions: 'Malzeme çıkarma yalnızca seçenek reçetelerinde olur',
  factorNeeded: 'Porsiyon çarpanı girin (ör. 1,5)',
  recipeChanged: 'Bu reçete başka biri tarafından değiştirildi. Sayfayı yenileyip tekrar deneyin.',
  fromAfterTo: 'Başlangıç tarihi bitiş tarihinden sonra olamaz',
  rangeTooLong: `Rapor en çok ${RECIPE_LIMITS.reportDays} günü kapsayabilir`,
} as const;

const unit = z.enum(UNITS, { error: 'Birim g, kg, ml, l ya da adet olmalı' });
/** A quantity as typed: "1,5" or 1.5 (at most three decimals in its unit). */
const quantity = z.union(
  [
    z.string().trim().regex(QUANTITY_PATTERN, UNIT_MESSAGES.badQuantity),
    z
      .number()
      .transform((v) => String(v))
      .refine((v) => QUANTITY_PATTERN.test(v), UNIT_MESSAGES.badQuantity),
  ],
  { error: UNIT_MESSAGES.badQuantity },
);
const positiveQuantity = quantity.refine((v) => Number(v.replace(',', '.')) > 0, 'Miktar sıfırdan büyük olmalı');
const kurus = (label: string, max: number) =>
  z
    .number({ error: `${label} bir sayı olmalı` })
    .int(`${label} kuruş cinsinden tam sayı olmalı`)
    .min(0, `${label} negatif olamaz`)
    .max(max, `${label} çok büyük`);
const version = z.number({ error: 'Sürüm bir sayı olmalı' }).int().min(0);

// ------------------------------------------------------------------ Malzemeler

export const ingredientInfo = z.object({
  id: z.string(),
  name: z.string(),
  unit,
  /** kuruş per one `unit` (average after Alış; six decimals kept) */
  unitCost: z.number(),
  /** on hand in `unit`: last Sayım + Alış since − theoretical use since; null before the first Sayım */
  stock: z.number().nullable(),
  lastCountAt: z.string().nullable(),
  /** how many recipes in force use it */
  recipeCount: z.number().int(),
  version: z.number().int(),
});
export type IngredientInfo = z.infer<typeof ingredientInfo>;
export const ingredientListResponse = z.array(ingredientInfo);

const ingredientName = nameText('Malzeme adı', { min: 1, max: RECIPE_LIMITS.ingredientName, collapseSpaces: true });
const unitCost = kurus('Birim maliyet', RECIPE_LIMITS.unitCost);

export const createIngredientRequest = z.object({ name: ingredientName, unit, unitCost: unitCost.default(0) });
export type CreateIngredientRequest = z.infer<typeof createIngredientRequest>;

export const updateIngredientRequest = z.object({ version, name: ingredientName.optional(), unit: unit.optional(), unitCost: unitCost.optional() });
export type UpdateIngredientRequest = z.infer<typeof updateIngredientRequest>;

/** Alış: how much was bought, in any compatible unit, and what it cost in all. */
export const purchaseRequest = z.object({
  version: version.optional(),
  quantity: positiveQuantity,
  unit,
  totalKurus: kurus('Toplam tutar', RECIPE_LIMITS.purchaseTotal).refine((v) => v > 0, 'Toplam tutar sıfırdan büyük olmalı'),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

/** Sayım: what is on the shelf now (the server's clock says when). */
export const countRequest = z.object({ version: version.optional(), quantity, unit });
export type CountRequest = z.infer<typeof countRequest>;

// ------------------------------------------------------------------ Reçeteler

export const RECIPE_MODES = ['add', 'scale', 'replace'] as const;
export type RecipeMode = (typeof RECIPE_MODES)[number];

export const recipeLineRequest = z.object({
  ingredientId: z.string(),
  quantity,
  unit,
  /** an option that takes the ingredient out ("Soğansız"): the dish's quantity of it is not used */
  remove: z.boolean().optional(),
});
export type RecipeLineRequest = z.infer<typeof recipeLineRequest>;

/**
 * A dish's recipe, or an option's: `add` puts its lines on top of the dish's recipe (per unit sold),
 * `scale` multiplies the dish's recipe by `factor` ("1,5 porsiyon") and adds its lines, `replace`
 * uses its own lines instead of the dish's. `version` is the recipe's version the editor read (0 = none
 * yet). No lines (and no factor) ends the recipe: the dish is then flagged as without one.
 */
export const saveRecipeRequest = z.object({
  version,
  mode: z.enum(RECIPE_MODES, { error: 'Geçersiz reçete türü' }).default('add'),
  factor: quantity.nullable().optional(),
  lines: z.array(recipeLineRequest).max(RECIPE_LIMITS.recipeLines, `Bir reçetede en çok ${RECIPE_LIMITS.recipeLines} malzeme olabilir`),
});
export type SaveRecipeRequest = z.infer<typeof saveRecipeRequest>;

export const recipeLineInfo = z.object({
  ingredientId: z.string(),
  ingredientName: z.string(),
  /** as entered */
  quantity: z.string(),
  unit,
  remove: z.boolean(),
  /** kuruş at today's unit cost */
  cost: z.number(),
});
export const recipeInfo = z.object({
  version: z.number().int(),
  mode: z.enum(RECIPE_MODES),
  factor: z.string().nullable(),
  validFrom: z.string(),
  lines: z.array(recipeLineInfo),
  /** kuruş per unit sold, today's costs (for a dish: its own lines) */
  cost: z.number(),
});
export type RecipeInfo = z.infer<typeof recipeInfo>;

export const recipeBookResponse = z.object({
  items: z.array(
    z.object({
      menuItemId: z.string(),
      name: z.string(),
      categoryName: z.string(),
      priceKurus: z.number().int(),
      recipe: recipeInfo.nullable(),
      options: z.array(z.object({ optionId: z.string(), groupName: z.string(), name: z.string(), recipe: recipeInfo.nullable() })),
    }),
  ),
});
export type RecipeBookResponse = z.infer<typeof recipeBookResponse>;

// ------------------------------------------------------------------ Reçete Raporu

export const recipeReportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: RECIPE_MESSAGES.fromAfterTo })
  .refine((q) => daysBetween(q.from, q.to) < RECIPE_LIMITS.reportDays, { message: RECIPE_MESSAGES.rangeTooLong });
export type RecipeReportQuery = z.infer<typeof recipeReportQuery>;

/** Calendar days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const recipeReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  ingredients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** the ingredient's stock unit; `theoretical` and `actual` are in it */
      unit,
      theoretical: z.number(),
      /** from the Sayım before the period and the last one in it, with the Alış between; null without both */
      actual: z.number().nullable(),
      /** actual − theoretical (positive: more went than the recipes explain); null without counts */
      variance: z.number().nullable(),
      /** kuruş: theoretical use at the current unit cost */
      cost: z.number().int(),
    }),
  ),
  items: z.array(
    z.object({
      menuItemId: z.string().nullable(),
      name: z.string(),
      categoryName: z.string(),
      sold: z.number().int(),
      /** kuruş: cost of goods of the units sold with a recipe (İkram included) */
      cost: z.number().int(),
      /** kuruş: what the units sold brought in (İkram brings 0; line discounts taken off, KDV included) */
      revenue: z.number().int(),
      margin: z.number().int(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), sold: z.number().int(), cost: z.number().int(), revenue: z.number().int(), margin: z.number().int() })),
  withoutRecipe: z.array(z.object({ menuItemId: z.string().nullable(), name: z.string(), sold: z.number().int() })),
  totals: z.object({ cost: z.number().int(), revenue: z.number().int(), margin: z.number().int() }),
});
export type RecipeReportResponse = z.infer<typeof recipeReportResponse>;
