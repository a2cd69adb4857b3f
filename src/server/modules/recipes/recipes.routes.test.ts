import { eq } from 'drizzle-orm';
import { businessDay } from '../../../shared/domain/calendar';
import type { IngredientInfo, RecipeBookResponse, RecipeReportResponse } from '../../../shared/recipes-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents, recipes } from '../../db/schema';
import { createRestaurant, createTestApp, createUser, loginAs, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A restaurant of its own per test (so reports only see that test's sales), with owner helpers. */
async function kitchen() {
  const f = await billsFixture(ctx);
  await f.setSettings({ paymentMethods: ['cash', 'card'] });
  const owner = f.api(f.restaurant.owner);
  const today = businessDay(new Date(), 'Europe/Istanbul', 5);
  const ingredient = async (name: string, unit: string, unitCost = 0) => {
    const res = await owner.call('POST', '/ingredients', { name, unit, unitCost });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as IngredientInfo;
  };
  const book = async () => (await owner.call('GET', '/recipes')).json() as RecipeBookResponse;
  const recipeOf = async (menuItemId: string) => (await book()).items.find((i) => i.menuItemId === menuItemId)!;
  const saveItem = async (menuItemId: string, lines: unknown[]) => {
    const current = (await recipeOf(menuItemId)).recipe?.version ?? 0;
    return owner.call('PUT', `/recipes/items/${menuItemId}`, { version: current, lines });
  };
  const saveOption = async (menuItemId: string, optionId: string, body: object) => {
    const current = (await recipeOf(menuItemId)).options.find((o) => o.optionId === optionId)?.recipe?.version ?? 0;
    return owner.call('PUT', `/recipes/options/${optionId}`, { version: current, ...body });
  };
  const report = async (from = today, to = today) => {
    const res = await owner.call('GET', `/reports/recipes?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RecipeReportResponse;
  };
  /** A table ticket with `lines`, sent, paid in cash and closed; `before` runs on the sent ticket first. */
  const sell = async (lines: unknown[], before?: (t: Ticket, b: ReturnType<BillsFixture['bills']>) => Promise<Ticket>) => {
    const b = f.bills(f.restaurant.owner);
    let t = await f.ticketWith(await f.freeTable(), lines, { send: true, who: f.restaurant.owner });
    if (before) t = await before(t, b);
    if (t.totals.remaining > 0) {
      const paid = await b.pay(t, { method: 'cash', amount: t.totals.remaining });
      expect(paid.statusCode, paid.body).toBe(200);
      t = paid.json();
    }
    const closed = await b.close(t);
    expect(closed.statusCode, closed.body).toBe(200);
    return t;
  };
  return { f, owner, today, ingredient, book, recipeOf, saveItem, saveOption, report, sell };
}

describe('Malzemeler', () => {
  it('an owner adds, renames and deletes ingredients; names are unique Turkish-case-insensitively and the list sorts the Turkish way', async () => {
    const k = await kitchen();
    await k.ingredient('Soğan', 'kg', 2_000);
    await k.ingredient('Çökelek', 'kg');
    const un = await k.ingredient('Un', 'g');
    await k.ingredient('Cacık sosu', 'l');
    const twin = await k.owner.call('POST', '/ingredients', { name: 'SOĞAN', unit: 'g' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe('Bu adla bir malzeme zaten var');
    const list = (await k.owner.call('GET', '/ingredients')).json() as IngredientInfo[];
    expect(list.map((i) => i.name)).toEqual(['Cacık sosu', 'Çökelek', 'Soğan', 'Un']);

    const renamed = await k.owner.call('PATCH', `/ingredients/${un.id}`, { version: 1, name: 'Buğday unu', unit: 'kg', unitCost: 3_000 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Buğday unu', unit: 'kg', unitCost: 3_000, version: 2 });
    const stale = await k.owner.call('PATCH', `/ingredients/${un.id}`, { version: 1, unitCost: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await k.owner.call('DELETE', `/ingredients/${un.id}?version=2`)).statusCode).toBe(204);
    const audits = await ctx.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, un.id));
    expect(audits.map((a) => a.action)).toEqual(['ingredient.create', 'ingredient.update', 'ingredient.delete']);
  });

  it('bad ingredient input answers 400 in Turkish and changes nothing', async () => {
    const k = await kitchen();
    const noUnit = await k.owner.call('POST', '/ingredients', { name: 'Tuz', unit: 'kilo' });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().error).toMatch(/Birim g, kg, ml, l ya da adet olmalı/);
    const negative = await k.owner.call('POST', '/ingredients', { name: 'Tuz', unit: 'g', unitCost: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toMatch(/negatif/);
    expect((await k.owner.call('GET', '/ingredients')).json()).toEqual([]);
  });

  it('an Alış sets the weighted average cost of what is on hand and what was bought, in any compatible unit', async () => {
    const k = await kitchen();
    const kasar = await k.ingredient('Kaşar', 'kg');
    // 2 kg for 300 TL: 150 TL per kg
    let res = await k.owner.call('POST', `/ingredients/${kasar.id}/purchases`, { quantity: '2', unit: 'kg', totalKurus: 30_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unitCost: 15_000, stock: 2 });
    // 1000 g for 200 TL on top of 2 kg at 150 TL: (300 + 200) / 3 kg
    res = await k.owner.call('POST', `/ingredients/${kasar.id}/purchases`, { quantity: '1000', unit: 'g', totalKurus: 20_000 });
    expect(res.json().unitCost).toBeCloseTo(50_000 / 3, 4);
    expect(res.json().stock).toBe(3);
    // a Sayım starts the stock again
    res = await k.owner.call('POST', `/ingredients/${kasar.id}/counts`, { quantity: '2,75', unit: 'kg' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ stock: 2.75 });
    expect(res.json().lastCountAt).not.toBeNull();

    const wrongUnit = await k.owner.call('POST', `/ingredients/${kasar.id}/purchases`, { quantity: '1', unit: 'l', totalKurus: 100 });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json().error).toMatch(/^Birimler uyumsuz/);
    const zero = await k.owner.call('POST', `/ingredients/${kasar.id}/purchases`, { quantity: '0', unit: 'kg', totalKurus: 100 });
    expect(zero.statusCode).toBe(400);
    const fourDecimals = await k.owner.call('POST', `/ingredients/${kasar.id}/counts`, { quantity: '1,2345', unit: 'kg' });
    expect(fourDecimals.statusCode).toBe(400);
    expect(fourDecimals.json().error).toMatch(/en çok 3 ondalıklı/);
  });

  it('stock on hand is the last count plus purchases minus what the dishes sent since used', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Kırmızı mercimek', 'kg', 8_000);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5', unit: 'kg' });
    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '150', unit: 'g' }])).statusCode).toBe(200);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 2 }]);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/purchases`, { quantity: '1', unit: 'kg', totalKurus: 9_000 });
    const list = (await k.owner.call('GET', '/ingredients')).json() as IngredientInfo[];
    expect(list[0]).toMatchObject({ stock: 5.7, recipeCount: 1 });
  });
  it('the recipe count names only the recipes in force: a changed recipe counts once, an ended one no more', async () => {
    const k = await kitchen();
    const sogan = await k.ingredient('Soğan', 'g', 2);
    const countOf = async () => ((await k.owner.call('GET', '/ingredients')).json() as IngredientInfo[]).find((i) => i.id === sogan.id)!.recipeCount;
    expect(await countOf()).toBe(0);
    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: sogan.id, quantity: '20', unit: 'g' }])).statusCode).toBe(200);
    expect((await k.saveItem(k.f.mercimek.id, [{ ingredientId: sogan.id, quantity: '10', unit: 'g' }])).statusCode).toBe(200);
    expect(await countOf()).toBe(2);
    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: sogan.id, quantity: '30', unit: 'g' }])).statusCode).toBe(200);
    expect(await countOf()).toBe(2);
    expect((await k.saveItem(k.f.ezogelin.id, [])).statusCode).toBe(200);
    expect(await countOf()).toBe(1);
    // an ingredient an old version named is still in use: it cannot be deleted
    const del = await k.owner.call('DELETE', `/ingredients/${sogan.id}?version=1`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('Bu malzeme bir reçetede kullanılıyor; önce reçeteden çıkarın');
  });

  it('stock left before a Sayım is not taken off again: only the lines sent after it count', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Sarı mercimek', 'kg', 8_000);
    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '150', unit: 'g' }])).statusCode).toBe(200);
    // another ingredient counted earlier: the stock reads lines from its count on
    const tuz = await k.ingredient('Tuz', 'kg', 1_000);
    await k.owner.call('POST', `/ingredients/${tuz.id}/counts`, { quantity: '1', unit: 'kg' });
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5', unit: 'kg' });
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 2 }]);
    // the second count already holds the 300 g those two used
    const counted = await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '4,5', unit: 'kg' });
    expect(counted.json()).toMatchObject({ stock: 4.5 });
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 1 }]);
    const list = (await k.owner.call('GET', '/ingredients')).json() as IngredientInfo[];
    expect(list.find((i) => i.id === mercimek.id)).toMatchObject({ stock: 4.35 });
  });
});

describe('Reçeteler', () => {
  it('a recipe in kg used in g, and in l used in ml, converts exactly', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'kg', 8_000);
    const su = await k.ingredient('Su', 'l', 10);
    const res = await k.saveItem(k.f.ezogelin.id, [
      { ingredientId: mercimek.id, quantity: '0,03', unit: 'kg' },
      { ingredientId: su.id, quantity: '0.25', unit: 'l' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 3 }]);
    const r = await k.report();
    const byName = Object.fromEntries(r.ingredients.map((i) => [i.name, i]));
    // 3 × 0,03 kg = 0,09 kg = 90 g; 3 × 0,25 l = 0,75 l = 750 ml — exactly, no float drift
    expect(byName.Mercimek).toMatchObject({ unit: 'kg', theoretical: 0.09, cost: 720 });
    expect(byName.Su).toMatchObject({ unit: 'l', theoretical: 0.75, cost: 8 });
    // the same recipe in g and ml reads the same quantities
    await k.owner.call('PATCH', `/ingredients/${mercimek.id}`, { version: 1, unit: 'g', unitCost: 8 });
    await k.owner.call('PATCH', `/ingredients/${su.id}`, { version: 1, unit: 'ml', unitCost: 0 });
    const inBase = await k.report();
    expect(Object.fromEntries(inBase.ingredients.map((i) => [i.name, i.theoretical]))).toEqual({ Mercimek: 90, Su: 750 });
  });

  it('a unit that does not convert, a recipe naming itself, an unknown ingredient or a stale version is refused and nothing changes', async () => {
    const k = await kitchen();
    const sut = await k.ingredient('Süt', 'l');
    const bad = await k.saveItem(k.f.ezogelin.id, [{ ingredientId: sut.id, quantity: '200', unit: 'g' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Birimler uyumsuz/);
    expect(bad.json().fields).toEqual({ 'lines.0.unit': expect.stringMatching(/^Birimler uyumsuz/) });
    const self = await k.saveItem(k.f.ezogelin.id, [{ ingredientId: k.f.ezogelin.id, quantity: '1', unit: 'adet' }]);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('Bir reçete kendisini malzeme olarak kullanamaz');
    const unknown = await k.saveItem(k.f.ezogelin.id, [{ ingredientId: crypto.randomUUID(), quantity: '1', unit: 'g' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Malzeme bulunamadı');
    expect((await k.recipeOf(k.f.ezogelin.id)).recipe).toBeNull();

    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: sut.id, quantity: '200', unit: 'ml' }])).statusCode).toBe(200);
    const stale = await k.owner.call('PUT', `/recipes/items/${k.f.ezogelin.id}`, { version: 0, lines: [] });
    expect(stale.statusCode).toBe(409);
    // an ingredient a recipe names stays, and cannot change from volume to weight
    expect((await k.owner.call('DELETE', `/ingredients/${sut.id}?version=1`)).statusCode).toBe(409);
    expect((await k.owner.call('PATCH', `/ingredients/${sut.id}`, { version: 1, unit: 'kg' })).statusCode).toBe(400);
  });

  it('another restaurant cannot read or write these recipes, and a waiter or the kitchen is refused', async () => {
    const k = await kitchen();
    const other = await createRestaurant(ctx, 'Komşu');
    const otherOwner = await loginAs(ctx, (await createUser(ctx, { restaurantId: other.id, role: 'owner' })).email);
    const foreign = await ctx.app.inject({ method: 'PUT', url: `/api/restaurants/${other.id}/recipes/items/${k.f.ezogelin.id}`, cookies: otherOwner.cookies, payload: { version: 0, lines: [] } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Ürün bulunamadı');
    const waiter = await k.f.api(k.f.restaurant.waiter).call('GET', `/reports/recipes?from=${k.today}&to=${k.today}`);
    expect(waiter.statusCode).toBe(403);
    const cook = await k.f.api(k.f.restaurant.kitchen).call('GET', '/ingredients');
    expect(cook.statusCode).toBe(403);
  });
});

describe('Reçete Raporu', () => {
  it.each([['9999-12-30', '9999-12-31'], ['0001-01-01', '0001-01-02']])('refuses %s – %s with 400 in Turkish', async (from, to) => {
    const k = await kitchen();
    const res = await k.owner.call('GET', `/reports/recipes?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Tarih 2000 ile 2100 yılları arasında olmalı');
  });

  it('refuses a removal on a dish, an ingredient twice, a zero quantity and a factor over 100; keeps a factor of exactly 100 as typed', async () => {
    const k = await kitchen();
    const sogan = await k.ingredient('Soğan', 'g', 2);
    const refusals: [Promise<{ statusCode: number; json: () => { error: string } }>, string][] = [
      [k.saveItem(k.f.mercimek.id, [{ ingredientId: sogan.id, quantity: '20', unit: 'g', remove: true }]), 'Malzeme çıkarma yalnızca seçenek reçetelerinde olur'],
      [k.saveItem(k.f.mercimek.id, [{ ingredientId: sogan.id, quantity: '20', unit: 'g' }, { ingredientId: sogan.id, quantity: '10', unit: 'g' }]), 'Bir malzeme reçetede bir kez yer alabilir'],
      [k.saveItem(k.f.mercimek.id, [{ ingredientId: sogan.id, quantity: '0', unit: 'g' }]), 'Miktar sıfırdan büyük olmalı'],
      [k.saveOption(k.f.mercimek.id, k.f.large.id, { mode: 'scale', factor: '100,001', lines: [] }), 'Porsiyon çarpanı girin (ör. 1,5)'],
      [k.saveOption(k.f.mercimek.id, k.f.large.id, { mode: 'scale', factor: '0', lines: [] }), 'Porsiyon çarpanı girin (ör. 1,5)'],
    ];
    for (const [pending, message] of refusals) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const book = await k.recipeOf(k.f.mercimek.id);
    expect(book.recipe).toBeNull();
    expect(book.options.every((o) => o.recipe === null)).toBe(true);

    const kept = await k.saveOption(k.f.mercimek.id, k.f.large.id, { mode: 'scale', factor: '100.0', lines: [] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await k.recipeOf(k.f.mercimek.id)).options.find((o) => o.optionId === k.f.large.id)!.recipe).toMatchObject({ version: 1, mode: 'scale', factor: '100,0', lines: [], cost: 0 });
    // a removal with no quantity is fine on an option
    const noOnion = await k.saveOption(k.f.mercimek.id, k.f.single.id, { mode: 'add', lines: [{ ingredientId: sogan.id, quantity: '0', unit: 'g', remove: true }] });
    expect(noOnion.statusCode, noOnion.body).toBe(200);
  });

  it("an option's recipe counts once per unit sold times the line's quantity: 3 × a dish with +30 g is 90 g", async () => {
    const k = await kitchen();
    const kasar = await k.ingredient('Kaşar', 'kg', 20_000);
    const mercimek = await k.ingredient('Mercimek', 'g', 8);
    await k.saveItem(k.f.mercimek.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    // Porsiyon "1" adds 30 g kaşar; "1,5" scales the dish's recipe by 1,5
    expect((await k.saveOption(k.f.mercimek.id, k.f.single.id, { mode: 'add', lines: [{ ingredientId: kasar.id, quantity: '30', unit: 'g' }] })).statusCode).toBe(200);
    expect((await k.saveOption(k.f.mercimek.id, k.f.large.id, { mode: 'scale', factor: '1,5', lines: [] })).statusCode).toBe(200);
    await k.sell([
      { menuItemId: k.f.mercimek.id, quantity: 3, optionIds: [k.f.single.id] },
      { menuItemId: k.f.mercimek.id, quantity: 2, optionIds: [k.f.large.id] },
    ]);
    const r = await k.report();
    const byName = Object.fromEntries(r.ingredients.map((i) => [i.name, i]));
    expect(byName.Kaşar.theoretical).toBe(0.09);
    // 3 × 100 g + 2 × 150 g
    expect(byName.Mercimek.theoretical).toBe(600);
    expect(r.items).toEqual([expect.objectContaining({ name: 'Mercimek', sold: 5, cost: Math.round(90 * 20 + 600 * 8) })]);
  });

  it('a portion option with its own recipe replaces the dish\'s, and the other options still add on top', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'g', 8);
    const bulgur = await k.ingredient('Bulgur', 'g', 4);
    await k.saveItem(k.f.mercimek.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    const own = await k.saveOption(k.f.mercimek.id, k.f.large.id, { mode: 'replace', lines: [{ ingredientId: bulgur.id, quantity: '0,2', unit: 'kg' }] });
    expect(own.statusCode, own.body).toBe(200);
    const noFactor = await k.saveOption(k.f.mercimek.id, k.f.single.id, { mode: 'scale', lines: [] });
    expect(noFactor.statusCode).toBe(400);
    expect(noFactor.json().error).toBe('Porsiyon çarpanı girin (ör. 1,5)');
    await k.sell([
      { menuItemId: k.f.mercimek.id, quantity: 2, optionIds: [k.f.large.id] },
      { menuItemId: k.f.mercimek.id, quantity: 1, optionIds: [k.f.single.id] },
    ]);
    const r = await k.report();
    expect(Object.fromEntries(r.ingredients.map((i) => [i.name, i.theoretical]))).toEqual({ Bulgur: 400, Mercimek: 100 });
  });

  it('an option that removes an ingredient takes the dish’s quantity of it out ("Soğansız")', async () => {
    const k = await kitchen();
    const sogan = await k.ingredient('Soğan', 'g', 2);
    const mercimek = await k.ingredient('Mercimek', 'g', 8);
    await k.saveItem(k.f.mercimek.id, [
      { ingredientId: mercimek.id, quantity: '100', unit: 'g' },
      { ingredientId: sogan.id, quantity: '20', unit: 'g' },
    ]);
    await k.saveOption(k.f.mercimek.id, k.f.single.id, { mode: 'add', lines: [{ ingredientId: sogan.id, quantity: '0', unit: 'g', remove: true }] });
    await k.sell([
      { menuItemId: k.f.mercimek.id, quantity: 2, optionIds: [k.f.single.id] },
      { menuItemId: k.f.mercimek.id, quantity: 1, optionIds: [k.f.large.id] },
    ]);
    const r = await k.report();
    expect(Object.fromEntries(r.ingredients.map((i) => [i.name, i.theoretical]))).toEqual({ Mercimek: 300, Soğan: 20 });
  });

  it('İkram is consumed with no revenue, cancelled lines are left out, and a dish without a recipe is listed, never costed at 0', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'g', 10);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 3 }, { menuItemId: k.f.raki.id, quantity: 1 }], async (t, b) => {
      const line = t.lines.find((l) => l.name === 'Ezogelin')!;
      let res = await b.comp(t, line.id, { reason: 'Müşteri memnuniyeti', quantity: 1 });
      expect(res.statusCode, res.body).toBe(200);
      t = res.json();
      const rest = t.lines.find((l) => l.name === 'Ezogelin' && !l.isComp)!;
      res = await b.cancel(t, rest.id, { reason: 'Yanlış sipariş', quantity: 1 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    });
    const r = await k.report();
    // 3 sent: 1 İkram (used), 1 cancelled (not), 1 sold
    expect(r.ingredients).toEqual([expect.objectContaining({ name: 'Mercimek', theoretical: 200, cost: 2_000, actual: null })]);
    expect(r.items).toEqual([expect.objectContaining({ name: 'Ezogelin', sold: 2, cost: 2_000, revenue: 9_500, margin: 7_500 })]);
    expect(r.withoutRecipe).toEqual([{ menuItemId: k.f.raki.id, name: 'Rakı', sold: 1 }]);
    expect(r.categories.length).toBe(1);
  });

  it('a discounted bill counts what its lines brought after the discount, through the bill maths; an undiscounted one its gross', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'g', 10);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 2 }]);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 2 }], async (t, b) => {
      const res = await b.discount(t, { type: 'percent', value: 10, label: 'Öğrenci' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    });
    const r = await k.report();
    // 2 × 95 TL + 2 × 95 TL − 10 %
    expect(r.items).toEqual([expect.objectContaining({ name: 'Ezogelin', sold: 4, revenue: 19_000 + 17_100, cost: 4_000 })]);
    expect(r.ingredients[0].theoretical).toBe(400);
  });

  it('a recipe changed after a sale never rewrites that sale: each line uses the recipe in force when it was sent', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'g', 10);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '150', unit: 'g' }]);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 1 }]);
    expect((await k.report()).ingredients[0].theoretical).toBe(150);
    expect((await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '200', unit: 'g' }])).statusCode).toBe(200);
    // the old sale still used 150 g
    expect((await k.report()).ingredients[0].theoretical).toBe(150);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 1 }]);
    expect((await k.report()).ingredients[0].theoretical).toBe(350);
    // ending the recipe flags the next sale, and the earlier two keep their recipes
    expect((await k.saveItem(k.f.ezogelin.id, [])).statusCode).toBe(200);
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 1 }]);
    const r = await k.report();
    expect(r.ingredients[0].theoretical).toBe(350);
    expect(r.items[0].sold).toBe(2);
    expect(r.withoutRecipe).toEqual([expect.objectContaining({ name: 'Ezogelin', sold: 1 })]);
    const versions = await ctx.database.db.select().from(recipes).where(eq(recipes.menuItemId, k.f.ezogelin.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    expect(versions.every((v) => v.validTo !== null)).toBe(true);
  });

  it('with a count before and in the period, the actual use and the variance show per ingredient', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'kg', 8_000);
    const yesterday = new Date(Date.now() - 36 * 3_600_000);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5', unit: 'kg' });
    // the opening count is dated before the period (the server stamps counts; the test moves it back)
    const { ingredientMovements } = await import('../../db/schema');
    await ctx.database.db.update(ingredientMovements).set({ at: yesterday }).where(eq(ingredientMovements.ingredientId, mercimek.id));
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 4 }]);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/purchases`, { quantity: '1', unit: 'kg', totalKurus: 8_000 });
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5,5', unit: 'kg' });
    const r = await k.report();
    expect(r.ingredients[0]).toMatchObject({ theoretical: 0.4, actual: 0.5, variance: 0.1 });
  });

  it('an Alış after the closing count is not part of the actual use', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'kg', 8_000);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5', unit: 'kg' });
    const { ingredientMovements } = await import('../../db/schema');
    await ctx.database.db.update(ingredientMovements).set({ at: new Date(Date.now() - 36 * 3_600_000) }).where(eq(ingredientMovements.ingredientId, mercimek.id));
    await k.sell([{ menuItemId: k.f.ezogelin.id, quantity: 4 }]);
    await k.owner.call('POST', `/ingredients/${mercimek.id}/purchases`, { quantity: '1', unit: 'kg', totalKurus: 8_000 });
    await k.owner.call('POST', `/ingredients/${mercimek.id}/counts`, { quantity: '5,5', unit: 'kg' });
    // bought after the shelf was counted: it is on the shelf for the next count, not used
    await k.owner.call('POST', `/ingredients/${mercimek.id}/purchases`, { quantity: '2', unit: 'kg', totalKurus: 16_000 });
    const r = await k.report();
    expect(r.ingredients[0]).toMatchObject({ theoretical: 0.4, actual: 0.5, variance: 0.1 });
  });

  it('adds dishes up per category and in the totals, and lists the dishes without a recipe most sold first', async () => {
    const k = await kitchen();
    const mercimek = await k.ingredient('Mercimek', 'g', 10);
    await k.saveItem(k.f.ezogelin.id, [{ ingredientId: mercimek.id, quantity: '100', unit: 'g' }]);
    await k.sell([
      { menuItemId: k.f.raki.id, quantity: 1 },
      { menuItemId: k.f.ezogelin.id, quantity: 2 },
      { menuItemId: k.f.mercimek.id, quantity: 3, optionIds: [k.f.single.id] },
    ]);
    const r = await k.report();
    expect(r.items).toEqual([expect.objectContaining({ name: 'Ezogelin', sold: 2, cost: 2_000, revenue: 19_000, margin: 17_000 })]);
    expect(r.categories).toEqual([{ name: expect.any(String), sold: 2, cost: 2_000, revenue: 19_000, margin: 17_000 }]);
    expect(r.totals).toEqual({ cost: 2_000, revenue: 19_000, margin: 17_000 });
    expect(r.withoutRecipe).toEqual([
      { menuItemId: k.f.mercimek.id, name: 'Mercimek', sold: 3 },
      { menuItemId: k.f.raki.id, name: 'Rakı', sold: 1 },
    ]);
  });

  it('bad periods answer 400 in Turkish: from after to, more than 366 days, a day that does not exist', async () => {
    const k = await kitchen();
    const ask = (qs: string) => k.owner.call('GET', `/reports/recipes?${qs}`);
    let res = await ask('from=2026-11-10&to=2026-11-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Geçersiz istek: Başlangıç tarihi bitiş tarihinden sonra olamaz');
    res = await ask('from=2025-01-01&to=2026-01-02');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Geçersiz istek: Rapor en çok 366 günü kapsayabilir');
    res = await ask('from=2026-02-30&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Geçersiz tarih/);
    expect(res.json().fields).toEqual({ from: 'Geçersiz tarih' });
    res = await ask('from=2024-01-01&to=2024-12-31');
    expect(res.statusCode).toBe(200);
  });
});
