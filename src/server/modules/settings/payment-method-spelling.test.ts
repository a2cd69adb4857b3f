import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import * as schema from '../../db/schema';
import { settings } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';

/*
 * Yemek Kartı has one spelling, 'meal_card'. The general settings saved before said 'mealCard':
 * migration 0024 rewrites them, and a document that still says it (restored from an older backup
 * before its migrations ran) reads as today's.
 */

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const OLD = { ...defaultRestaurantSettings('Eski Lokanta'), paymentMethods: ['cash', 'mealCard', 'card'] };

describe('migration 0024', () => {
  let dir = '';
  let client: PGlite;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sofra-payment-spelling-'));
    client = new PGlite();
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rewrites an old settings document to meal_card, in its order, and leaves the rest as it was', async () => {
    const before = path.join(dir, 'migrations');
    cpSync(MIGRATIONS, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0024');
    writeFileSync(journalFile, JSON.stringify(journal));
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: before });

    const [{ id }] = (await client.query<{ id: string }>(`insert into restaurants (name) values ('Eski Lokanta') returning id`)).rows;
    await client.query(`insert into settings (restaurant_id, key, value, version) values ($1, 'general', $2, 4)`, [id, JSON.stringify(OLD)]);
    await client.query(`insert into settings (restaurant_id, key, value, version) values ($1, 'printer', '{"paymentMethods":["mealCard"]}', 1)`, [id]);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const rows = (await client.query<{ key: string; value: Record<string, unknown>; version: number }>(`select key, value, version from settings where restaurant_id = $1 order by key`, [id])).rows;
    expect(rows.find((r) => r.key === 'general')).toEqual({ key: 'general', value: { ...OLD, paymentMethods: ['cash', 'meal_card', 'card'] }, version: 4 });
    // only the general document names payment methods; another document is not touched
    expect(rows.find((r) => r.key === 'printer')?.value).toEqual({ paymentMethods: ['mealCard'] });
  });
});

describe('an old document read by the server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reads mealCard as meal_card, so Yemek Kartı is still offered and taken', async () => {
    const r = await staffedRestaurant(ctx);
    await ctx.database.db.insert(settings).values({ restaurantId: r.id, key: 'general', value: { ...OLD, profile: defaultRestaurantSettings(r.name).profile }, version: 1 });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/restaurants/${r.id}/settings/general`, cookies: r.owner.cookies });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentMethods).toEqual(['cash', 'meal_card', 'card']);
    // saved back as the screen got it, it is stored in today's spelling
    const saved = await ctx.app.inject({ method: 'PUT', url: `/api/restaurants/${r.id}/settings/general`, cookies: r.owner.cookies, payload: res.json(), headers: { 'if-match': res.headers.etag as string } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.restaurantId, r.id), eq(settings.key, 'general')));
    expect((row.value as { paymentMethods: string[] }).paymentMethods).toEqual(['cash', 'meal_card', 'card']);
  });
});
