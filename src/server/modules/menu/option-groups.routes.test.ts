import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/errors';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { auditRows, optionGroupBody, restaurantWithStaff } from './menu-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const extraOptions = [
  { name: 'Ekstra peynir', priceKurus: 1500 },
  { name: 'Ekstra kaymak', priceKurus: 2500 },
  { name: 'Acılı', priceKurus: 0 },
];
const extras = optionGroupBody('Ekstralar', { isMultiple: true, isRequired: false, minChoices: 0, maxChoices: 3, options: extraOptions });

describe('option groups ("Seçenekler")', () => {
  it('creates single and multiple choice groups with add-on prices, options in order, audited', async () => {
    const r = await restaurantWithStaff(ctx);
    const threeSizes = [...optionGroupBody('Porsiyon').options, { name: 'Porsiyon: 2', priceKurus: 28000 }];
    const portion = await r.call('POST', '/option-groups', optionGroupBody('Porsiyon', { options: threeSizes }));
    expect(portion.statusCode).toBe(201);
    expect(portion.json()).toMatchObject({ name: 'Porsiyon', isMultiple: false, isRequired: true, minChoices: 1, maxChoices: 1, version: 1 });
    expect(portion.json().options.map((o: { name: string; priceKurus: number }) => [o.name, o.priceKurus])).toEqual([
      ['Porsiyon: 1', 0],
      ['Porsiyon: 1,5', 15000],
      ['Porsiyon: 2', 28000],
    ]);
    const extra = await r.call('POST', '/option-groups', extras);
    expect(extra.statusCode).toBe(201);
    const menu = await r.menu();
    expect(menu.optionGroups.map((g: { name: string }) => g.name)).toEqual(['Porsiyon', 'Ekstralar']);
    const [audit] = await auditRows(ctx, r.id, 'menu.option-group.create');
    expect(audit.after).toMatchObject({ name: 'Porsiyon', options: [{ name: 'Porsiyon: 1', priceKurus: 0 }, {}, {}] });
  });

  it.each([
    [{ isMultiple: false, maxChoices: 2 }, 'Tek seçimli grupta en fazla seçim 1 olmalı'],
    [{ isRequired: true, minChoices: 0 }, 'Zorunlu grupta en az seçim 1 ya da daha fazla olmalı'],
    [{ isRequired: false, minChoices: 1 }, 'Zorunlu olmayan grupta en az seçim 0 olmalı'],
    [{ isRequired: true, minChoices: 3, maxChoices: 2 }, 'En az seçim, en fazla seçimden büyük olamaz'],
    [{ maxChoices: 4 }, 'En fazla seçim, seçenek sayısından büyük olamaz'],
    [{ maxChoices: 0 }, 'En fazla seçim en az 1 olmalı'],
    [{ options: [] }, 'Grupta en az bir seçenek olmalı'],
    [{ options: [{ name: 'Peynir', priceKurus: -500 }] }, 'Ek fiyat negatif olamaz'],
    [{ options: [{ name: 'Peynir', priceKurus: 100_000_001 }] }, 'Ek fiyat en fazla 1.000.000,00 TL olabilir'],
    [{ options: [{ name: 'Peynir', priceKurus: '15' }] }, 'Ek fiyat bir sayı olmalı'],
    [{ options: [{ name: '', priceKurus: 0 }] }, 'Seçenek adı boş olamaz'],
    [{ options: [{ name: 'Peynir', priceKurus: 0 }, { name: 'PEYNİR', priceKurus: 0 }] }, 'Bir grupta aynı adla iki seçenek olamaz'],
    [{ name: '' }, 'Grup adı boş olamaz'],
  ])('refuses %j and creates nothing', async (override, message) => {
    const r = await restaurantWithStaff(ctx);
    const res = await r.call('POST', '/option-groups', { ...extras, maxChoices: 1, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await r.menu()).optionGroups).toEqual([]);
  });

  it('refuses a second group with the same name', async () => {
    const r = await restaurantWithStaff(ctx);
    await r.call('POST', '/option-groups', extras);
    const res = await r.call('POST', '/option-groups', { ...extras, name: 'ekstralar' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Bu adla bir seçenek grubu zaten var' });
  });

  it('replaces a group: kept options keep their ids, left-out ones go, new ones come', async () => {
    const r = await restaurantWithStaff(ctx);
    const group = (await r.call('POST', '/option-groups', extras)).json();
    const [cheese, , spicy] = group.options;
    const res = await r.call('PUT', `/option-groups/${group.id}`, {
      ...extras,
      version: 1,
      maxChoices: 2,
      options: [
        { id: spicy.id, name: 'Acılı', priceKurus: 0 },
        { id: cheese.id, name: 'Ekstra kaşar', priceKurus: 2000 },
        { name: 'Ekstra sucuk', priceKurus: 3000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.version).toBe(2);
    expect(saved.maxChoices).toBe(2);
    expect(saved.options.map((o: { id: string; name: string; priceKurus: number }) => [o.id === spicy.id || o.id === cheese.id ? o.id : 'new', o.name, o.priceKurus])).toEqual([
      [spicy.id, 'Acılı', 0],
      [cheese.id, 'Ekstra kaşar', 2000],
      ['new', 'Ekstra sucuk', 3000],
    ]);
    const [audit] = await auditRows(ctx, r.id, 'menu.option-group.update');
    expect((audit.before as { options: unknown[] }).options).toHaveLength(3);
    expect((audit.after as { options: { name: string }[] }).options.map((o) => o.name)).toEqual(['Acılı', 'Ekstra kaşar', 'Ekstra sucuk']);
  });

  it('refuses a stale version and an option id from elsewhere, changing nothing', async () => {
    const r = await restaurantWithStaff(ctx);
    const group = (await r.call('POST', '/option-groups', extras)).json();
    const other = (await r.call('POST', '/option-groups', { ...extras, name: 'Soslar' })).json();
    const stale = await r.call('PUT', `/option-groups/${group.id}`, { ...extras, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.versionConflict });
    const foreign = await r.call('PUT', `/option-groups/${group.id}`, {
      ...extras,
      version: 1,
      options: [{ id: other.options[0].id, name: 'Çalıntı', priceKurus: 0 }],
      maxChoices: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('Bu seçenek grupta yok; sayfayı yenileyip tekrar deneyin');
    const current = (await r.menu()).optionGroups.find((g: { id: string }) => g.id === group.id);
    expect(current).toMatchObject({ version: 1, options: [{ name: 'Ekstra peynir' }, { name: 'Ekstra kaymak' }, { name: 'Acılı' }] });
  });

  it('deleting a group takes it off every item, which stays on the menu', async () => {
    const r = await restaurantWithStaff(ctx);
    const cat = await r.addCategory('Pideler');
    const group = (await r.call('POST', '/option-groups', extras)).json();
    const pide = await r.addItem(cat.id, 'Kaşarlı Pide', 20000, { optionGroupIds: [group.id] });
    expect((await r.call('DELETE', `/option-groups/${group.id}`)).statusCode).toBe(204);
    const menu = await r.menu();
    expect(menu.optionGroups).toEqual([]);
    expect(menu.items).toEqual([expect.objectContaining({ id: pide.id, optionGroupIds: [] })]);
    const [audit] = await auditRows(ctx, r.id, 'menu.option-group.delete');
    expect(audit.reason).toBe('1 üründen kaldırıldı');
  });

  it("treats another restaurant's group as missing", async () => {
    const r = await restaurantWithStaff(ctx);
    const other = await restaurantWithStaff(ctx);
    const theirs = (await other.call('POST', '/option-groups', extras)).json();
    for (const res of [
      await r.call('PUT', `/option-groups/${theirs.id}`, { ...extras, version: 1 }),
      await r.call('DELETE', `/option-groups/${theirs.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Seçenek grubu bulunamadı' });
    }
    expect((await other.menu()).optionGroups).toHaveLength(1);
  });
});
