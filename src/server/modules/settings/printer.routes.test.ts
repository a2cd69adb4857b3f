import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import { auditEvents, settings } from '../../db/schema';
import type { LiveEvent } from '../events/event-hub';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Cookies = Record<string, string>;

const restaurantWithStaff = () => staffedRestaurant(ctx);
/** What a restaurant that never saved reads: the spec's defaults with its own name, never the sample's. */
const defaultsOf = (r: { name: string }): PrinterSettings => ({ ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { name: r.name, address: '', phone: '' } });

const urlOf = (restaurantId: string) => `/api/restaurants/${restaurantId}/settings/printer`;
const getSettings = (restaurantId: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url: urlOf(restaurantId), cookies });
const putSettings = (restaurantId: string, cookies: Cookies, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: urlOf(restaurantId), cookies, payload: payload as object, headers });

const auditRowsOf = (restaurantId: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'settings.printer.replace')))
    .orderBy(asc(auditEvents.id));

const customSettings = (overrides: Partial<PrinterSettings> = {}): PrinterSettings => ({
  defaultPrinter: 'pos58',
  paperWidth: '58',
  fontSize: '14',
  footerText: 'Yine bekleriz',
  restaurantInfo: { name: 'Kardeşler Lokantası', address: 'Kızılay, Ankara', phone: '0312 111 22 33' },
  showLogo: false,
  margins: { top: '1', right: '3', bottom: '4', left: '5' },
  selectedTemplate: 'modern',
  networkPrinters: { bill: null, stations: [] },
  ...overrides,
});

describe('reading printer settings', () => {
  it('answers the spec defaults with its own name (never the sample) and ETag "0" for a restaurant that never saved', async () => {
    const r = await restaurantWithStaff();
    const res = await getSettings(r.id, r.owner.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultsOf(r));
    expect(res.json().restaurantInfo.name).not.toBe('Restoran Adı');
    expect(res.headers.etag).toBe('"0"');
    // Staff data: never kept by a shared cache, always revalidated.
    expect(res.headers['cache-control']).toMatch(/\b(private|no-store)\b/);
    expect(res.headers['cache-control']).toMatch(/\b(no-cache|no-store)\b/);
  });

  it('answers 304 to a reader that already has the current version, and the document after a save', async () => {
    const r = await restaurantWithStaff();
    const first = await putSettings(r.id, r.owner.cookies, customSettings());
    const cached = await ctx.app.inject({ method: 'GET', url: urlOf(r.id), cookies: r.waiter.cookies, headers: { 'if-none-match': first.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'Yeni' }));
    const stale = await ctx.app.inject({ method: 'GET', url: urlOf(r.id), cookies: r.waiter.cookies, headers: { 'if-none-match': first.headers.etag as string } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().footerText).toBe('Yeni');
    expect(stale.headers.etag).toBe('"2"');
  });

  it('lets the kitchen and the waiter read the settings', async () => {
    const r = await restaurantWithStaff();
    await putSettings(r.id, r.owner.cookies, customSettings());
    for (const who of [r.kitchen, r.waiter]) {
      const res = await getSettings(r.id, who.cookies);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(customSettings());
    }
  });

  it('answers 401 to a signed-out caller', async () => {
    const r = await restaurantWithStaff();
    const res = await getSettings(r.id, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notSignedIn });
  });
});

describe('saving printer settings', () => {
  it('replaces the whole document, answers it with the new ETag, and GET returns it', async () => {
    const r = await restaurantWithStaff();
    const first = await putSettings(r.id, r.owner.cookies, customSettings());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(customSettings());
    expect(first.headers.etag).toBe('"1"');

    const second = customSettings({ footerText: 'Afiyet olsun, yine gelin', paperWidth: '80', restaurantInfo: { name: 'Yeni Ad', address: '', phone: '' } });
    const res = await putSettings(r.id, r.owner.cookies, second);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');

    const read = await getSettings(r.id, r.owner.cookies);
    expect(read.json()).toEqual(second);
    expect(read.headers.etag).toBe('"2"');
  });

  it('drops fields that are not part of the document instead of storing them', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), secret: 'x', margins: { ...customSettings().margins, extra: '9' } });
    expect(res.statusCode).toBe(200);
    const read = (await getSettings(r.id, r.owner.cookies)).json();
    expect(read).toEqual(customSettings());
    expect(read).not.toHaveProperty('secret');
  });

  it('stores a comma decimal in font size and margins with a dot', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, customSettings({ fontSize: '12,5', margins: { top: '2,5', right: '0', bottom: '1.25', left: '10' } }));
    expect(res.statusCode).toBe(200);
    const read = (await getSettings(r.id, r.owner.cookies)).json();
    expect(read.fontSize).toBe('12.5');
    expect(read.margins).toEqual({ top: '2.5', right: '0', bottom: '1.25', left: '10' });
  });

  it.each(['57', '100', '', 58])('rejects paper width %j with a Turkish 400 and changes nothing', async (paperWidth) => {
    const r = await restaurantWithStaff();
    await putSettings(r.id, r.owner.cookies, customSettings());
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), paperWidth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `${MESSAGES.invalidRequest}: paperWidth: Kağıt genişliği '58' veya '80' olmalı`,
      fields: { paperWidth: "Kağıt genişliği '58' veya '80' olmalı" },
    });
    const read = await getSettings(r.id, r.owner.cookies);
    expect(read.json()).toEqual(customSettings());
    expect(read.headers.etag).toBe('"1"');
  });

  it.each([
    ['fontSize', { fontSize: 'abc' }],
    ['fontSize', { fontSize: '' }],
    ['margins.left', { margins: { top: '2', right: '2', bottom: '2', left: 'abc' } }],
    ['margins.top', { margins: { top: '-1', right: '2', bottom: '2', left: '2' } }],
  ])('rejects a non-numeric %s with a Turkish 400', async (field, patch) => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`${MESSAGES.invalidRequest}: ${field}: Sayısal bir değer girin (örn. 12 veya 2,5)`);
    // The form shows the message on the field itself, found by its path in the schema.
    expect(res.json().fields).toEqual({ [field]: 'Sayısal bir değer girin (örn. 12 veya 2,5)' });
    expect((await getSettings(r.id, r.owner.cookies)).json()).toEqual(defaultsOf(r));
  });

  it.each(['paperWidth', 'fontSize', 'footerText', 'restaurantInfo', 'showLogo', 'margins', 'defaultPrinter', 'selectedTemplate'])(
    'rejects a document without %s',
    async (field) => {
      const r = await restaurantWithStaff();
      const doc: Record<string, unknown> = { ...customSettings() };
      delete doc[field];
      const res = await putSettings(r.id, r.owner.cookies, doc);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(new RegExp(`^${MESSAGES.invalidRequest}: ${field}: `));
      expect(await auditRowsOf(r.id)).toHaveLength(0);
    },
  );

  it('rejects a missing nested field and a body that is not JSON', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), restaurantInfo: { name: 'Ad', address: 'Adres' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/restaurantInfo\.phone/);
    const bad = await putSettings(r.id, r.owner.cookies, '{"paperWidth":', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: MESSAGES.badJson });
  });

  it('answers 403 to the kitchen and the waiter and keeps the document', async () => {
    const r = await restaurantWithStaff();
    for (const who of [r.kitchen, r.waiter]) {
      const res = await putSettings(r.id, who.cookies, customSettings());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.forbidden });
    }
    expect((await getSettings(r.id, r.owner.cookies)).json()).toEqual(defaultsOf(r));
    expect(await auditRowsOf(r.id)).toHaveLength(0);
  });

  it('answers 401 to a signed-out caller and keeps the document', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, {}, customSettings());
    expect(res.statusCode).toBe(401);
    expect((await getSettings(r.id, r.owner.cookies)).json()).toEqual(defaultsOf(r));
  });
});

describe('network printers in the document', () => {
  it('stores a bill printer and station printers, the port defaulting to 9100 and a typed "9101" read as a number', async () => {
    const r = await restaurantWithStaff();
    const networkPrinters = {
      bill: { host: '192.168.1.50' },
      stations: [
        { station: 'Mutfak', host: 'mutfak-yazici.local', port: '9101' },
        { station: 'Bar', host: '10.0.0.7', port: 9100 },
      ],
    };
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), networkPrinters });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getSettings(r.id, r.owner.cookies)).json().networkPrinters).toEqual({
      bill: { host: '192.168.1.50', port: 9100 },
      stations: [
        { station: 'Mutfak', host: 'mutfak-yazici.local', port: 9101 },
        { station: 'Bar', host: '10.0.0.7', port: 9100 },
      ],
    });
  });

  it('accepts a document without network printers (saved before they existed) and reads it with none', async () => {
    const r = await restaurantWithStaff();
    const { networkPrinters: _, ...old } = customSettings();
    const res = await putSettings(r.id, r.owner.cookies, old);
    expect(res.statusCode).toBe(200);
    expect((await getSettings(r.id, r.owner.cookies)).json().networkPrinters).toEqual({ bill: null, stations: [] });

    // a row written by the previous version, straight in the database
    await ctx.database.db.update(settings).set({ value: old }).where(and(eq(settings.restaurantId, r.id), eq(settings.key, 'printer')));
    expect((await getSettings(r.id, r.owner.cookies)).json()).toEqual(customSettings());
  });

  const HOST_MESSAGE = 'Geçerli bir IPv4 adresi veya makine adı girin (örn. 192.168.1.50)';
  const PORT_MESSAGE = 'Port 1 ile 65535 arasında bir tam sayı olmalı';
  it.each([
    [{ bill: { host: '999.1.1.1', port: 9100 }, stations: [] }, 'networkPrinters.bill.host', HOST_MESSAGE],
    [{ bill: { host: 'yazıcı mutfak', port: 9100 }, stations: [] }, 'networkPrinters.bill.host', HOST_MESSAGE],
    [{ bill: { host: '', port: 9100 }, stations: [] }, 'networkPrinters.bill.host', 'Yazıcı adresi gerekli'],
    [{ bill: { host: '10.0.0.5', port: 0 }, stations: [] }, 'networkPrinters.bill.port', PORT_MESSAGE],
    [{ bill: { host: '10.0.0.5', port: 65536 }, stations: [] }, 'networkPrinters.bill.port', PORT_MESSAGE],
    [{ bill: null, stations: [{ station: 'Mutfak', host: '10.0.0.5', port: 'abc' }] }, 'networkPrinters.stations.0.port', PORT_MESSAGE],
    [{ bill: null, stations: [{ station: 'Mutfak', host: '10.0.0.5', port: 9100 }, { station: 'Bar', host: '10.0.0.6.7', port: 9100 }] }, 'networkPrinters.stations.1.host', HOST_MESSAGE],
    [{ bill: null, stations: [{ station: 'Mutfak', host: '10.0.0.5', port: 9100 }, { station: 'mutfak', host: '10.0.0.6', port: 9100 }] }, 'networkPrinters.stations.1.station', 'Bu istasyonun zaten bir yazıcısı var'],
  ])('rejects the network printers %j with a Turkish 400 on the field %s', async (networkPrinters, field, message) => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, { ...customSettings(), networkPrinters });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    expect((await getSettings(r.id, r.owner.cookies)).json()).toEqual(defaultsOf(r));
  });
});

describe('tenant isolation', () => {
  it("answers 404 to an owner reading another restaurant's settings, never its data", async () => {
    const mine = await restaurantWithStaff();
    const theirs = await restaurantWithStaff();
    await putSettings(theirs.id, theirs.owner.cookies, customSettings({ footerText: 'Gizli alt yazı' }));
    for (const who of [mine.owner, mine.kitchen, mine.waiter]) {
      const res = await getSettings(theirs.id, who.cookies);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });
      expect(res.body).not.toContain('Gizli');
    }
  });

  it("answers 404 to an owner saving another restaurant's settings and changes nothing there or here", async () => {
    const mine = await restaurantWithStaff();
    const theirs = await restaurantWithStaff();
    await putSettings(theirs.id, theirs.owner.cookies, customSettings());
    const res = await putSettings(theirs.id, mine.owner.cookies, customSettings({ footerText: 'Saldırı' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.restaurantNotFound });

    const theirsNow = await getSettings(theirs.id, theirs.owner.cookies);
    expect(theirsNow.json()).toEqual(customSettings());
    expect(theirsNow.headers.etag).toBe('"1"');
    expect((await getSettings(mine.id, mine.owner.cookies)).json()).toEqual(defaultsOf(mine));
    expect(await auditRowsOf(theirs.id)).toHaveLength(1);
    expect(await auditRowsOf(mine.id)).toHaveLength(0);
  });

  it('answers 404 for an id that is not a restaurant at all', async () => {
    const r = await restaurantWithStaff();
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await getSettings(id, r.owner.cookies)).statusCode).toBe(404);
      expect((await putSettings(id, r.owner.cookies, customSettings())).statusCode).toBe(404);
    }
  });
});

describe('optimistic locking with If-Match', () => {
  it('answers 409 to a stale version and leaves the stored document as it was', async () => {
    const r = await restaurantWithStaff();
    await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'Birinci' }));
    await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'İkinci' }), { 'if-match': '"1"' });

    const stale = await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'Eski sekme' }), { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.versionConflict });

    const read = await getSettings(r.id, r.owner.cookies);
    expect(read.json().footerText).toBe('İkinci');
    expect(read.headers.etag).toBe('"2"');
    expect(await auditRowsOf(r.id)).toHaveLength(2);
  });

  it('saves with the current version and increments the ETag', async () => {
    const r = await restaurantWithStaff();
    const etag0 = (await getSettings(r.id, r.owner.cookies)).headers.etag as string;
    const first = await putSettings(r.id, r.owner.cookies, customSettings({ fontSize: '10' }), { 'if-match': etag0 });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    const second = await putSettings(r.id, r.owner.cookies, customSettings({ fontSize: '11' }), { 'if-match': first.headers.etag as string });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe('"2"');
    expect((await getSettings(r.id, r.owner.cookies)).json().fontSize).toBe('11');
  });

  it('reads an If-Match with spaces around the quoted version', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'Boşluklu' }), { 'if-match': '"0" ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"1"');
  });

  it('answers 409 to If-Match "0" once someone has saved', async () => {
    const r = await restaurantWithStaff();
    await putSettings(r.id, r.owner.cookies, customSettings());
    const res = await putSettings(r.id, r.owner.cookies, customSettings({ footerText: 'x' }), { 'if-match': '"0"' });
    expect(res.statusCode).toBe(409);
  });

  it('lets exactly one of two saves with the same version win', async () => {
    const r = await restaurantWithStaff();
    await putSettings(r.id, r.owner.cookies, customSettings());
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((tag) => putSettings(r.id, r.owner.cookies, customSettings({ footerText: tag }), { 'if-match': '"1"' })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = results.find((res) => res.statusCode === 200)!.json().footerText;
    const read = await getSettings(r.id, r.owner.cookies);
    expect(read.json().footerText).toBe(winner);
    expect(read.headers.etag).toBe('"2"');
    expect(await auditRowsOf(r.id)).toHaveLength(2);
  });

  it('gives every concurrent save without If-Match its own version', async () => {
    const r = await restaurantWithStaff();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((tag) => putSettings(r.id, r.owner.cookies, customSettings({ footerText: tag }))),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((res) => res.headers.etag).sort()).toEqual(['"1"', '"2"', '"3"']);
    const last = results.find((res) => res.headers.etag === '"3"')!.json().footerText;
    expect((await getSettings(r.id, r.owner.cookies)).json().footerText).toBe(last);
  });

  it.each(['abc', '1', 'W/"1"', '"1a"', '*'])('answers 400 to the malformed If-Match %j', async (ifMatch) => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, customSettings(), { 'if-match': ifMatch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Geçersiz istek: If-Match/);
    expect((await getSettings(r.id, r.owner.cookies)).headers.etag).toBe('"0"');
  });
});

describe('side effects of a save', () => {
  it('writes one audit row per save with the actor, before and after', async () => {
    const r = await restaurantWithStaff();
    const first = customSettings({ footerText: 'Bir' });
    const second = customSettings({ footerText: 'İki' });
    await putSettings(r.id, r.owner.cookies, first);
    await putSettings(r.id, r.owner.cookies, second);

    const rows = await auditRowsOf(r.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorUserId: r.owner.user.id,
      actorRole: 'owner',
      entity: 'settings',
      entityId: 'printer',
      before: null,
      after: first,
    });
    expect(rows[1]).toMatchObject({ actorUserId: r.owner.user.id, before: first, after: second });
  });

  it("publishes one live event to the restaurant's screens and none to another restaurant", async () => {
    const r = await restaurantWithStaff();
    const other = await restaurantWithStaff();
    const mine: LiveEvent[] = [];
    const theirs: LiveEvent[] = [];
    const stopMine = ctx.app.hub.subscribe(r.id, (e) => mine.push(e));
    const stopTheirs = ctx.app.hub.subscribe(other.id, (e) => theirs.push(e));
    try {
      await putSettings(r.id, r.owner.cookies, customSettings());
      // the business's name and address changed too: Ayarlar's screens hear it
      expect(mine.map((e) => e.type).sort()).toEqual(['settings.general', 'settings.printer']);
      expect(mine.every((e) => e.restaurantId === r.id)).toBe(true);
      expect(theirs).toEqual([]);

      // Failed saves change nothing, so they announce nothing.
      await putSettings(r.id, r.owner.cookies, customSettings(), { 'if-match': '"0"' });
      await putSettings(r.id, r.kitchen.cookies, customSettings());
      await putSettings(r.id, r.owner.cookies, { ...customSettings(), paperWidth: '57' });
      expect(mine).toHaveLength(2);
    } finally {
      stopMine();
      stopTheirs();
    }
  });
});
describe('one set of business details for Ayarlar and the printer document', () => {
  const generalUrl = (id: string) => `/api/restaurants/${id}/settings/general`;
  const getGeneral = (id: string, cookies: Cookies) => ctx.app.inject({ method: 'GET', url: generalUrl(id), cookies });
  const putGeneral = (id: string, cookies: Cookies, payload: object) => ctx.app.inject({ method: 'PUT', url: generalUrl(id), cookies, payload });

  it('a new restaurant prints its own name, in the printer document and in Ayarlar', async () => {
    const r = await staffedRestaurant(ctx, 'Köşe Ocakbaşı');
    expect((await getSettings(r.id, r.waiter.cookies)).json().restaurantInfo).toEqual({ name: 'Köşe Ocakbaşı', address: '', phone: '' });
    expect((await getGeneral(r.id, r.owner.cookies)).json().profile.name).toBe('Köşe Ocakbaşı');
  });

  it("Ayarlar's name, address and phone show in the printer document, with a new ETag", async () => {
    const r = await restaurantWithStaff();
    const before = await getSettings(r.id, r.owner.cookies);
    const general = (await getGeneral(r.id, r.owner.cookies)).json();
    const saved = await putGeneral(r.id, r.owner.cookies, { ...general, profile: { ...general.profile, name: 'Hünkâr Lokantası', address: 'Nişantaşı, İstanbul', phone: '0212 555 11 22' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: urlOf(r.id), cookies: r.owner.cookies, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200); // not a 304 with the old name
    expect(after.json().restaurantInfo).toEqual({ name: 'Hünkâr Lokantası', address: 'Nişantaşı, İstanbul', phone: '0212 555 11 22' });
  });

  it('a change of only the phone, or only the address, in Ayarlar reaches the printer document', async () => {
    const r = await restaurantWithStaff();
    const general = (await getGeneral(r.id, r.owner.cookies)).json();
    const first = { ...general.profile, address: 'Nişantaşı, İstanbul', phone: '0212 555 11 22' };
    const saved = await putGeneral(r.id, r.owner.cookies, { ...general, profile: first });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = (await getSettings(r.id, r.owner.cookies)).headers.etag;
    await putGeneral(r.id, r.owner.cookies, { ...general, profile: { ...first, phone: '0212 555 99 00' } });
    const afterPhone = await getSettings(r.id, r.owner.cookies);
    expect(afterPhone.headers.etag).not.toBe(version);
    expect((await ctx.database.db.select().from(settings).where(and(eq(settings.restaurantId, r.id), eq(settings.key, 'printer'))))[0].value).toMatchObject({
      restaurantInfo: { name: r.name, address: 'Nişantaşı, İstanbul', phone: '0212 555 99 00' },
    });
    await putGeneral(r.id, r.owner.cookies, { ...general, profile: { ...first, phone: '0212 555 99 00', address: 'Teşvikiye, İstanbul' } });
    expect((await ctx.database.db.select().from(settings).where(and(eq(settings.restaurantId, r.id), eq(settings.key, 'printer'))))[0].value).toMatchObject({
      restaurantInfo: { name: r.name, address: 'Teşvikiye, İstanbul', phone: '0212 555 99 00' },
    });
  });

  it("Yazıcı Ayarları' name, address and phone show in Ayarlar, with a new ETag", async () => {
    const r = await restaurantWithStaff();
    const before = await getGeneral(r.id, r.owner.cookies);
    await putSettings(r.id, r.owner.cookies, customSettings());
    const after = await ctx.app.inject({ method: 'GET', url: generalUrl(r.id), cookies: r.owner.cookies, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().profile).toMatchObject({ name: 'Kardeşler Lokantası', address: 'Kızılay, Ankara', phone: '0312 111 22 33' });
  });

  it('a document still holding the sample details reads with the business own ones, and a save of the sample keeps them', async () => {
    const r = await restaurantWithStaff();
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'printer', value: DEFAULT_PRINTER_SETTINGS, version: 1 });
    expect((await getSettings(r.id, r.owner.cookies)).json().restaurantInfo).toEqual({ name: r.name, address: '', phone: '' });
    const general = (await getGeneral(r.id, r.owner.cookies)).json();
    expect(general.profile).toMatchObject({ name: r.name, address: '', phone: '' });
    await putGeneral(r.id, r.owner.cookies, { ...general, profile: { ...general.profile, address: 'Moda, Kadıköy' } });
    const res = await putSettings(r.id, r.owner.cookies, { ...DEFAULT_PRINTER_SETTINGS, footerText: 'Yine bekleriz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurantInfo).toEqual({ name: r.name, address: 'Moda, Kadıköy', phone: '' });
    expect((await getGeneral(r.id, r.owner.cookies)).json().profile).toMatchObject({ name: r.name, address: 'Moda, Kadıköy', phone: '' });
  });

  it('an address typed only on the printer document before the two were one still counts in Ayarlar', async () => {
    const r = await restaurantWithStaff();
    const old = { ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { name: 'Eski Ad', address: 'Bağdat Cad. 5', phone: '0216 333 44 55' } };
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'printer', value: old, version: 1 });
    expect((await getGeneral(r.id, r.owner.cookies)).json().profile).toMatchObject({ name: r.name, address: 'Bağdat Cad. 5', phone: '0216 333 44 55' });
    expect((await getSettings(r.id, r.owner.cookies)).json().restaurantInfo).toEqual({ name: r.name, address: 'Bağdat Cad. 5', phone: '0216 333 44 55' });
  });

  it('where Ayarlar has only one of address and phone, the other comes from the older printer document and its own stays', async () => {
    const old = { ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { name: 'Eski Ad', address: 'Bağdat Cad. 5', phone: '0216 333 44 55' } };
    const cases = [
      { own: { address: 'Moda, Kadıköy', phone: '' }, read: { address: 'Moda, Kadıköy', phone: '0216 333 44 55' } },
      { own: { address: '', phone: '0212 999 88 77' }, read: { address: 'Bağdat Cad. 5', phone: '0212 999 88 77' } },
    ];
    for (const { own, read } of cases) {
      const r = await restaurantWithStaff();
      const general = (await getGeneral(r.id, r.owner.cookies)).json();
      // both documents as they were saved before the two were one (no copy from one to the other)
      await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'general', value: { ...general, profile: { ...general.profile, ...own } }, version: 1 });
      await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'printer', value: old, version: 1 });
      expect((await getGeneral(r.id, r.owner.cookies)).json().profile).toMatchObject({ name: r.name, ...read });
      expect((await getSettings(r.id, r.owner.cookies)).json().restaurantInfo).toEqual({ name: r.name, ...read });
    }
  });

  it('refuses an empty restaurant name with a Turkish 400 on the field', async () => {
    const r = await restaurantWithStaff();
    const res = await putSettings(r.id, r.owner.cookies, customSettings({ restaurantInfo: { name: '  ', address: '', phone: '' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'restaurantInfo.name': 'Restoran adı boş olamaz' });
  });
});
