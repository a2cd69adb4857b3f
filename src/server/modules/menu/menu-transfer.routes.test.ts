import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../shared/menu-contract';
import type { LiveEvent } from '../events/event-hub';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { auditRows, restaurantWithStaff, type Staffed } from './menu-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HEADER = Object.values(CSV_COLUMNS).join(';');
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
/** code;icon;category;name;description;price;vat;sort;status;station;options */
const row = (...cells: string[]) => [...cells, ...Array(11 - cells.length).fill('')].join(';');

async function sampleMenu(): Promise<Staffed & { soupId: string; lentilId: string }> {
  const r = await restaurantWithStaff(ctx, 'Aktarma Lokantası');
  const soups = await r.addCategory('Çorbalar', '🍲');
  await r.addGroup('Porsiyon');
  const lentil = await r.addItem(soups.id, 'Mercimek', 9000, { description: 'Limonlu' });
  return { ...r, soupId: soups.id, lentilId: lentil.id };
}

const importCsv = (r: Staffed, text: string, dryRun = false, more: Record<string, unknown> = {}) =>
  r.call('POST', `/import${dryRun ? '?dryRun=1' : ''}`, { csv: text, ...more });

describe('CSV export', () => {
  it('downloads the whole menu as UTF-8 CSV with Turkish headers', async () => {
    const r = await sampleMenu();
    const res = await r.call('GET', '/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="menu-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual([HEADER, `${r.lentilId};🍲;Çorbalar;Mercimek;Limonlu;90,00;10;0;Satışta;Mutfak;`]);
  });
});

describe('CSV import', () => {
  it('previews every bad row with its reason in a dry run, and changes nothing', async () => {
    const r = await sampleMenu();
    const before = await r.menu();
    const res = await importCsv(
      r,
      csv(
        row('', '', 'Çorbalar', 'Ezogelin', '', '95'),
        row('', '', 'Çorbalar', '', '', '95'),
        row('', '', 'Çorbalar', 'Tarhana', '', '-5'),
        row('', '', 'Çorbalar', 'Paça', '', 'elli'),
        row('', '', 'Çorbalar', 'Altın', '', '1.000.001'),
        row('', '', '', 'Kategorisiz', '', '10'),
      ),
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      applied: false,
      rowCount: 6,
      created: 1,
      updated: 0,
      unchanged: 0,
      newCategories: [],
      zeroPriceItems: [],
      errors: [
        { line: 3, message: 'Ürün adı boş olamaz' },
        { line: 4, message: 'Fiyat negatif olamaz' },
        { line: 5, message: 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)' },
        { line: 6, message: 'Fiyat en fazla 1.000.000,00 TL olabilir' },
        { line: 7, message: 'Kategori adı boş olamaz' },
      ],
    });
    expect(await r.menu()).toEqual(before);
    expect(await auditRows(ctx, r.id, 'menu.%')).toHaveLength(3); // the sample's own category, group and item
  });

  it('refuses the real import when any row is bad: nothing is half-imported', async () => {
    const r = await sampleMenu();
    const before = await r.menu();
    const res = await importCsv(r, csv(row('', '🍮', 'Tatlılar', 'Künefe', '', '220'), row(r.lentilId, '', 'Çorbalar', 'Mercimek', '', '95'), row('', '', 'Tatlılar', 'Sütlaç', '', 'bedava')));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'İçe aktarma yapılmadı: 1 satırda hata var (satır 4: Fiyat geçerli bir tutar değil (örnek: 1.250,50)). Hiçbir değişiklik kaydedilmedi.',
    );
    expect(res.json().report.errors).toEqual([{ line: 4, message: 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)' }]);
    expect(await r.menu()).toEqual(before);
  });

  it('counts a row with two problems once, in the refusal and in the row count', async () => {
    const r = await sampleMenu();
    const text = csv(row('', '', 'Çorbalar', '', '', 'elli'), row('', '', 'Çorbalar', 'Ezogelin', '', '90'));
    const preview = await importCsv(r, text, true);
    expect(preview.json()).toMatchObject({
      rowCount: 2,
      created: 1,
      errors: [
        { line: 2, message: 'Ürün adı boş olamaz' },
        { line: 2, message: 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)' },
      ],
    });
    const res = await importCsv(r, text);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('İçe aktarma yapılmadı: 1 satırda hata var (satır 2: Ürün adı boş olamaz). Hiçbir değişiklik kaydedilmedi.');
    expect(res.json().report).toMatchObject({ dryRun: true, applied: false, rowCount: 2 });
  });

  it('creates new categories and items, updates matched ones, audits each, and announces the change', async () => {
    const r = await sampleMenu();
    const events: LiveEvent[] = [];
    ctx.app.hub.subscribe(r.id, (e) => events.push(e));
    const res = await importCsv(
      r,
      csv(
        row(r.lentilId, '', 'Çorbalar', 'Mercimek Çorbası', 'Limonlu', '95,50', '10', '', 'Tükendi'),
        row('', '🍮', 'Tatlılar', 'Künefe', 'Antep fıstıklı', '220', '10', '', 'Satışta', 'Tatlı', 'Porsiyon'),
        row('', '', 'tatlılar', 'Sütlaç', '', '110'),
        row('', '', 'Çorbalar', 'Ezogelin', '', '90'),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, applied: true, rowCount: 4, created: 3, updated: 1, unchanged: 0, newCategories: ['Tatlılar'], errors: [] });

    const menu = await r.menu();
    expect(menu.categories.map((c: { icon: string; name: string }) => `${c.icon} ${c.name}`)).toEqual(['🍲 Çorbalar', '🍮 Tatlılar']);
    const byName = new Map(menu.items.map((i: { name: string }) => [i.name, i]));
    expect(byName.get('Mercimek Çorbası')).toMatchObject({ id: r.lentilId, priceKurus: 9550, isAvailable: false, version: 2 });
    expect(byName.get('Künefe')).toMatchObject({ priceKurus: 22000, station: 'Tatlı', sortOrder: 0, optionGroupIds: [menu.optionGroups[0].id] });
    expect(byName.get('Sütlaç')).toMatchObject({ categoryId: menu.categories[1].id, sortOrder: 1 });
    expect(byName.get('Ezogelin')).toMatchObject({ categoryId: r.soupId, sortOrder: 1 });

    const audits = await auditRows(ctx, r.id, 'menu.item.%');
    const imported = audits.filter((a) => a.reason?.startsWith('CSV'));
    expect(imported.map((a) => a.action).sort()).toEqual(['menu.item.create', 'menu.item.create', 'menu.item.create', 'menu.item.update']);
    expect(imported.find((a) => a.action === 'menu.item.update')!.before).toMatchObject({ name: 'Mercimek', priceKurus: 9000 });
    expect(events.map((e) => e.type)).toEqual(['menu']);
  });

  it('puts an item moved to another category without a sort cell after the items there, and one that stays keeps its place', async () => {
    const r = await sampleMenu();
    const ezogelin = await r.addItem(r.soupId, 'Ezogelin', 8000);
    const desserts = await r.addCategory('Tatlılar', '🍮');
    await r.addItem(desserts.id, 'Künefe', 22000);
    await r.addItem(desserts.id, 'Sütlaç', 11000);
    const before = new Map((await r.menu()).items.map((i: { name: string; sortOrder: number }) => [i.name, i.sortOrder]));
    expect([before.get('Mercimek'), before.get('Ezogelin'), before.get('Künefe'), before.get('Sütlaç')]).toEqual([0, 1, 0, 1]);
    const res = await importCsv(
      r,
      csv(
        row(r.lentilId, '', 'Tatlılar', 'Mercimek', 'Limonlu', '90', '10', '', 'Satışta'),
        row(ezogelin.id, '', 'Çorbalar', 'Ezogelin', '', '85', '10', '', 'Satışta'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, created: 0, updated: 2 });
    const byName = new Map((await r.menu()).items.map((i: { name: string }) => [i.name, i]));
    expect(byName.get('Mercimek')).toMatchObject({ categoryId: desserts.id, sortOrder: 2 });
    expect(byName.get('Ezogelin')).toMatchObject({ categoryId: r.soupId, sortOrder: 1, priceKurus: 8500 });
  });

  it('refuses to make dishes 0,00 TL unless the request confirms it, and lists them in the preview', async () => {
    const r = await sampleMenu();
    const water = await r.addItem(r.soupId, 'Su', 0, { allowZeroPrice: true });
    const before = await r.menu();
    const text = csv(
      row(r.lentilId, '', 'Çorbalar', 'Mercimek', 'Limonlu', '0'),
      row('', '', 'Çorbalar', 'Ezogelin', '', '0,00'),
      row('', '', 'Çorbalar', 'Tarhana', '', '85'),
      // already free: staying at 0 is no new decision
      row(water.id, '', 'Çorbalar', 'Su', 'Şişe', '0'),
    );
    const preview = await importCsv(r, text, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ errors: [], zeroPriceItems: ['Mercimek', 'Ezogelin'] });

    for (const more of [{}, { allowZeroPrice: false }]) {
      const refused = await importCsv(r, text, false, more);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(
        'Bu değişiklikle 2 ürünün fiyatı 0,00 TL olur ("Mercimek", "Ezogelin"). Ürünleri bedava sunmak istiyorsanız bunu onaylayarak kaydedin.',
      );
      expect(refused.json().report.zeroPriceItems).toEqual(['Mercimek', 'Ezogelin']);
      expect(await r.menu()).toEqual(before);
    }
    expect((await importCsv(r, text, false, { allowZeroPrice: 'evet' })).statusCode).toBe(400);

    const done = await importCsv(r, text, false, { allowZeroPrice: true });
    expect(done.statusCode).toBe(200);
    const byName = new Map((await r.menu()).items.map((i: { name: string; priceKurus: number }) => [i.name, i.priceKurus]));
    expect([byName.get('Mercimek'), byName.get('Ezogelin'), byName.get('Tarhana'), byName.get('Su')]).toEqual([0, 0, 8500, 0]);
  });

  it('reads back its own export as nothing to change', async () => {
    const r = await sampleMenu();
    const exported = (await r.call('GET', '/export.csv')).body;
    const res = await importCsv(r, exported);
    expect(res.json()).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 1, errors: [] });
    expect((await r.menu()).items[0].version).toBe(1);
  });

  it("refuses a row that names another restaurant's item code", async () => {
    const r = await sampleMenu();
    const other = await sampleMenu();
    const res = await importCsv(r, csv(row(other.lentilId, '', 'Çorbalar', 'Mercimek', '', '1')));
    expect(res.statusCode).toBe(400);
    expect(res.json().report.errors).toEqual([{ line: 2, message: `Ürün kodu bu restoranın menüsünde yok: ${other.lentilId}` }]);
    expect((await other.menu()).items[0]).toMatchObject({ priceKurus: 9000, version: 1 });
  });

  it.each([
    ['an empty file', '', 'CSV dosyası boş'],
    ['a file without the needed headers', 'Ad,Tutar\nÇay,25', 'CSV başlıkları eksik: Kategori, Ürün Adı, Fiyat'],
    ['a file that is not UTF-8', `${HEADER}\r\n;;Çorbalar;\uFFFDorba;;90;;;;;`, 'Dosya UTF-8 biçiminde değil'],
    ['a broken quote', `${HEADER}\r\n;;Çorbalar;"Tarhana;;90;;;;;`, 'kapanmamış tırnak'],
  ])('answers %s with a Turkish error, in the dry run too', async (_, text, message) => {
    const r = await sampleMenu();
    for (const dryRun of [true, false]) {
      const res = await importCsv(r, text, dryRun);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('refuses a body that is not a CSV text', async () => {
    const r = await sampleMenu();
    const res = await r.call('POST', '/import', { csv: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('csv');
  });
});
