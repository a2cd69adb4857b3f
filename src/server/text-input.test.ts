import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CSV_COLUMNS } from '../shared/menu-contract';
import { DEFAULT_PRINTER_SETTINGS } from '../shared/printer-settings';
import { DEFAULT_USER_PREFERENCES } from '../shared/staff-contract';
import { restaurantWithStaff, type Staffed } from './modules/menu/menu-test-kit';
import { createTestApp, type TestContext } from './test-support/test-app';

/**
 * NUL and a lone surrogate in any typed text used to reach PostgreSQL and come back as a 500
 * (text columns refuse NUL, jsonb refuses both). Every text field of every write must now answer a
 * Turkish 400 and store nothing.
 */

let ctx: TestContext;
let r: Staffed;
let categoryId: string;
let itemId: string;
let groupId: string;
let waiterId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  r = await restaurantWithStaff(ctx, 'Metin Lokantası');
  categoryId = (await r.addCategory('Çorbalar')).id;
  itemId = (await r.addItem(categoryId, 'Mercimek')).id;
  groupId = (await r.addGroup('Porsiyon')).id;
  waiterId = r.waiter.user.id;
});
afterAll(() => ctx.close());

const BAD = { nul: 'Çay\u0000Bardak', surrogate: 'Çay\ud800' } as const;
const rid = () => r.id;
const api = (path: string) => `/api/restaurants/${rid()}${path}`;
const send = (method: InjectOptions['method'], url: string, payload: unknown, cookies = r.owner.cookies) =>
  ctx.app.inject({ method, url, cookies, payload: payload as object });

const group = (name: string, optionName = 'Tam') => ({
  name,
  isMultiple: false,
  isRequired: true,
  minChoices: 1,
  maxChoices: 1,
  options: [{ name: optionName, priceKurus: 0 }],
});
const csv = (name: string) =>
  [Object.values(CSV_COLUMNS).join(';'), [``, '🍲', 'Çorbalar', name, '', '90', '', '', '', '', ''].join(';')].join('\n');

/** Each write with one text field set to `bad`; `read` is what would show the stored value. */
interface Case {
  field: string;
  write: (bad: string) => Promise<{ statusCode: number; json(): unknown; body: string }>;
  read: () => string;
  /** a query string cannot carry a lone surrogate (no URL encoding exists for it) */
  nulOnly?: boolean;
}
const CASES: Case[] = [
  { field: 'category name', write: (bad) => send('POST', api('/menu/categories'), { icon: '🍲', name: bad }), read: () => api('/menu') },
  { field: 'category rename', write: (bad) => send('PATCH', api(`/menu/categories/${categoryId}`), { name: bad, version: 1 }), read: () => api('/menu') },
  { field: 'category icon', write: (bad) => send('POST', api('/menu/categories'), { icon: bad.replace(' ', ''), name: 'İçecekler' }), read: () => api('/menu') },
  { field: 'item name', write: (bad) => send('POST', api('/menu/items'), { categoryId, name: bad, priceKurus: 100 }), read: () => api('/menu') },
  { field: 'item description', write: (bad) => send('PATCH', api(`/menu/items/${itemId}`), { description: bad, version: 1 }), read: () => api('/menu') },
  { field: 'item station', write: (bad) => send('PATCH', api(`/menu/items/${itemId}`), { station: bad, version: 1 }), read: () => api('/menu') },
  { field: 'option group name', write: (bad) => send('POST', api('/menu/option-groups'), group(bad)), read: () => api('/menu') },
  { field: 'option name', write: (bad) => send('PUT', api(`/menu/option-groups/${groupId}`), { ...group('Porsiyon', bad), version: 1 }), read: () => api('/menu') },
  { field: 'CSV import row', write: (bad) => send('POST', api('/menu/import'), { csv: csv(bad) }), read: () => api('/menu') },
  {
    field: 'staff name (new member)',
    write: (bad) => send('POST', api('/staff'), { name: bad, email: `yeni-${bad.length}@lokanta.test`, role: 'waiter', password: 'servis-2026' }),
    read: () => api('/staff'),
  },
  { field: 'staff name (edit)', write: (bad) => send('PATCH', api(`/staff/${waiterId}`), { name: bad, role: 'waiter', version: 1 }), read: () => api('/staff') },
  { field: 'printer footer', write: (bad) => send('PUT', api('/settings/printer'), { ...DEFAULT_PRINTER_SETTINGS, footerText: bad }), read: () => api('/settings/printer') },
  {
    field: 'printer restaurant name',
    write: (bad) => send('PUT', api('/settings/printer'), { ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { ...DEFAULT_PRINTER_SETTINGS.restaurantInfo, name: bad } }),
    read: () => api('/settings/printer'),
  },
  {
    field: 'general settings restaurant name',
    write: async (bad) => {
      const current = (await ctx.app.inject({ method: 'GET', url: api('/settings/general'), cookies: r.owner.cookies })).json() as Record<string, any>;
      const { version: _version, ...settings } = current;
      return send('PUT', api('/settings/general'), { ...settings, profile: { ...settings.profile, name: bad } });
    },
    read: () => api('/settings/general'),
  },
  {
    field: 'general settings cancellation reason',
    write: async (bad) => {
      const { version: _version, ...settings } = (await ctx.app.inject({ method: 'GET', url: api('/settings/general'), cookies: r.owner.cookies })).json();
      return send('PUT', api('/settings/general'), { ...settings, cancellationReasons: [bad] });
    },
    read: () => api('/settings/general'),
  },
  { field: 'preferences station', write: (bad) => send('PUT', '/api/me/preferences', { ...DEFAULT_USER_PREFERENCES, station: bad }), read: () => '/api/me/preferences' },
  { field: 'kitchen station filter', write: (bad) => send('GET', api(`/kitchen/orders?station=${encodeURIComponent(bad)}`), undefined, r.kitchen.cookies), read: () => api('/menu'), nulOnly: true },
  { field: 'kitchen history table filter', write: (bad) => send('GET', api(`/kitchen/history?table=${encodeURIComponent(bad)}`), undefined, r.kitchen.cookies), read: () => api('/menu'), nulOnly: true },
];

describe('text with NUL or broken Unicode', () => {
  for (const { field, write, read, nulOnly } of CASES) {
    for (const [what, bad] of Object.entries(nulOnly ? { nul: BAD.nul } : BAD)) {
      it(`refuses ${what} in the ${field} with a Turkish 400 and stores nothing`, async () => {
        const before = (await ctx.app.inject({ method: 'GET', url: read(), cookies: r.owner.cookies })).body;
        const res = await write(bad);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toMatch(/kontrol karakteri|geçersiz bir karakter/);
        const after = (await ctx.app.inject({ method: 'GET', url: read(), cookies: r.owner.cookies })).body;
        expect(after).toBe(before);
      });
    }
  }

  it('refuses a bidi override in a name, and keeps it allowed nowhere it could disguise an item', async () => {
    const res = await send('POST', api('/menu/items'), { categoryId, name: 'Çay\u202eyaÇ', priceKurus: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('yazı yönünü değiştiren');
  });

  it('refuses a bidi override in texts a kitchen screen or a slip shows: a line note, a customer address, a reason', async () => {
    const open = await send('POST', api('/tickets'), { type: 'takeaway', customer: { name: 'Ayşe', address: 'Kadıköy\u202eyöküdaK' } });
    expect(open.statusCode).toBe(400);
    expect(open.json().error).toContain('yazı yönünü değiştiren');
    const ticket = await send('POST', api('/tickets'), { type: 'takeaway', customer: { name: 'Ayşe' } });
    expect(ticket.statusCode).toBe(201);
    const { id, version } = ticket.json();
    const note = await send('POST', api(`/tickets/${id}/lines`), { version, lines: [{ menuItemId: itemId, quantity: 1, note: 'acısız\u2067yalnız' }] });
    expect(note.statusCode).toBe(400);
    expect(note.json().error).toContain('yazı yönünü değiştiren');
    expect((await send('GET', api(`/tickets/${id}`), undefined)).json().lines).toEqual([]);
  });

  it('still accepts tabs and line breaks in a description, and ordinary Turkish and emoji names', async () => {
    const res = await send('POST', api('/menu/items'), { categoryId, name: 'Şöbiyet 🍯', priceKurus: 100, description: 'Fıstıklı\n\tşerbetli' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Şöbiyet 🍯', description: 'Fıstıklı\n\tşerbetli' });
  });
});
