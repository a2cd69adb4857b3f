import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { businessDay } from '../../../shared/domain/calendar';
import type { IngredientInfo, RecipeReportResponse } from '../../../shared/recipes-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { salesBills, salesDayFigures } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';
import { backfillSalesFigures } from './sales-backfill';
import { recipeReportFromLines } from '../recipes/recipe-report-from-lines';
import { recipeReport } from './recipe-report.service';

/**
 * Reçete Raporu reads the figures each close kept (reports/recipe-figures.ts). Whatever was sold —
 * options that add or scale, İkram, İptal, discounts, service charge, a recipe changed between sales,
 * a bill reopened and closed again — it must say what the same report made from the sold lines says,
 * and so must the figures the start-up backfill makes for bills counted before they existed.
 */

let ctx: TestContext;
let f: BillsFixture;
const today = () => businessDay(new Date(), 'Europe/Istanbul', 5);

beforeAll(async () => {
  ctx = await createTestApp();
  f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'], serviceChargePercent: 10 } as never);
});
afterAll(() => ctx.close());

const owner = () => f.api(f.restaurant.owner);
async function ingredient(name: string, unit: string, unitCost: number) {
  const res = await owner().call('POST', '/ingredients', { name, unit, unitCost });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as IngredientInfo;
}
async function save(path: string, body: object) {
  const book = (await owner().call('GET', '/recipes')).json() as { items: { menuItemId: string; recipe: { version: number } | null; options: { optionId: string; recipe: { version: number } | null }[] }[] };
  const id = path.split('/').pop()!;
  const item = book.items.find((i) => i.menuItemId === id);
  const option = book.items.flatMap((i) => i.options).find((o) => o.optionId === id);
  const version = (item ?? option)?.recipe?.version ?? 0;
  const res = await owner().call('PUT', path, { version, ...body });
  expect(res.statusCode, res.body).toBe(200);
}

const line = fc.record({
  dish: fc.constantFrom('ezogelin', 'mercimek', 'raki'),
  quantity: fc.integer({ min: 1, max: 4 }),
  option: fc.constantFrom(null, 'single', 'large'),
  treat: fc.constantFrom('none', 'none', 'comp', 'cancel'),
});
const sale = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 4 }), discount: fc.boolean(), reopen: fc.boolean() });

type Sale = typeof sale extends fc.Arbitrary<infer T> ? T : never;

async function sell(s: Sale) {
  const b = f.bills(f.restaurant.owner);
  const lines = s.lines.map((l) => {
    const menuItemId = { ezogelin: f.ezogelin.id, mercimek: f.mercimek.id, raki: f.raki.id }[l.dish];
    // only Mercimek has the Porsiyon group (required): it always gets a choice
    const optionIds = l.dish === 'mercimek' ? [(l.option === 'large' ? f.large : f.single).id] : [];
    return { menuItemId, quantity: l.quantity, optionIds };
  });
  let t = await f.ticketWith(await f.freeTable(), lines, { send: true, who: f.restaurant.owner });
  for (const [i, l] of s.lines.entries()) {
    const target = t.lines[i];
    if (l.treat === 'comp') t = (await b.comp(t, target.id, { reason: 'Müdavim', quantity: target.quantity })).json() as Ticket;
    if (l.treat === 'cancel') t = (await b.cancel(t, target.id, { reason: 'Yanlış sipariş' })).json() as Ticket;
  }
  if (s.discount) t = (await b.discount(t, { type: 'percent', value: 15, label: 'Öğrenci' })).json() as Ticket;
  const close = async () => {
    if (t.totals.remaining > 0) t = (await b.pay(t, { method: 'card', amount: t.totals.remaining })).json() as Ticket;
    const closed = await b.close(t);
    expect(closed.statusCode, closed.body).toBe(200);
  };
  await close();
  if (s.reopen) {
    const reopened = await owner().call('POST', `/bills/${t.id}/reopen`, { reason: 'Düzeltme' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    t = reopened.json() as Ticket;
    await close();
  }
}

/** The report with costs rounded the same way (sums of float kuruş may differ in the last digit). */
const comparable = (r: RecipeReportResponse) => ({
  ...r,
  ingredients: r.ingredients.map((i) => ({ ...i, cost: Math.round(i.cost / 2) })),
  items: r.items.map((i) => ({ ...i, cost: Math.round(i.cost / 2), margin: Math.round(i.margin / 2) })),
  categories: r.categories.map((c) => ({ ...c, cost: Math.round(c.cost / 2), margin: Math.round(c.margin / 2) })),
  totals: { revenue: r.totals.revenue },
});

it('the kept figures say what the sold lines say, through recipe changes, İkram, İptal, discounts and reopens', async () => {
  const mercimek = await ingredient('Kırmızı mercimek', 'kg', 7_000);
  const kasar = await ingredient('Kaşar', 'g', 45);
  const anason = await ingredient('Anason', 'ml', 12);
  await save(`/recipes/items/${f.ezogelin.id}`, { lines: [{ ingredientId: mercimek.id, quantity: '80', unit: 'g' }] });
  await save(`/recipes/items/${f.mercimek.id}`, { lines: [{ ingredientId: mercimek.id, quantity: '0,1', unit: 'kg' }] });
  await save(`/recipes/options/${f.single.id}`, { mode: 'add', lines: [{ ingredientId: kasar.id, quantity: '30', unit: 'g' }] });
  await save(`/recipes/options/${f.large.id}`, { mode: 'scale', factor: '1,5', lines: [] });
  // Rakı has no recipe at first: flagged; it gets one half-way through

  await fc.assert(
    fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 3 }), fc.boolean(), async (sales, changeRecipe) => {
      for (const s of sales) await sell(s);
      if (changeRecipe) await save(`/recipes/items/${f.raki.id}`, { lines: [{ ingredientId: anason.id, quantity: '70', unit: 'ml' }] });
      const query = { from: today(), to: today() };
      const kept = await recipeReport(ctx.database.db, f.restaurant.id, query);
      expect(comparable(kept)).toEqual(comparable(await recipeReportFromLines(ctx.database.db, f.restaurant.id, query)));
    }),
    { numRuns: 6 },
  );

  // bills counted before the figures existed get them at start-up, to the same report
  const before = comparable(await recipeReport(ctx.database.db, f.restaurant.id, { from: today(), to: today() }));
  await ctx.database.db.delete(salesDayFigures).where(eq(salesDayFigures.restaurantId, f.restaurant.id));
  await ctx.database.db.delete(salesBills).where(eq(salesBills.restaurantId, f.restaurant.id));
  await backfillSalesFigures(ctx.database.db);
  expect(comparable(await recipeReport(ctx.database.db, f.restaurant.id, { from: today(), to: today() }))).toEqual(before);
  expect(before.items.length).toBeGreaterThan(0);
});
