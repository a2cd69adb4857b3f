import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../shared/errors';
import { auditEvents, menuCategories, restaurants } from '../db/schema';
import type { LiveEvent } from '../modules/events/event-hub';
import { createRestaurant, createTestApp, type TestContext } from '../test-support/test-app';
import { runCommand, runCreateRestaurant, type CommandActor } from './command';

describe('the command pipeline', () => {
  let ctx: TestContext;
  let actor: CommandActor;
  let otherActor: CommandActor;
  const published: LiveEvent[] = [];
  const deps = () => ({ db: ctx.database.db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks });

  beforeAll(async () => {
    ctx = await createTestApp();
    const restaurant = await createRestaurant(ctx);
    const other = await createRestaurant(ctx);
    actor = { restaurantId: restaurant.id, userId: null, role: 'system' };
    otherActor = { restaurantId: other.id, userId: null, role: 'system' };
    ctx.app.hub.subscribe(restaurant.id, (e) => published.push(e));
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    published.length = 0;
  });

  const addCategory = (name: string, who = actor) =>
    runCommand(deps(), who, async (c) => {
      const [row] = await c.tx
        .insert(menuCategories)
        .values({ restaurantId: c.restaurantId, icon: '🍲', name, sortOrder: await c.nextSortOrder(menuCategories) })
        .returning();
      await c.audit({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, after: row });
      c.emit('menu', row.id);
      return row;
    });
  const auditRowsFor = (entityId: string) => ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));

  it('commits the change with its audit row and publishes the event after the commit', async () => {
    const row = await addCategory('Çorbalar');
    expect(await auditRowsFor(row.id)).toHaveLength(1);
    expect(published).toEqual([expect.objectContaining({ type: 'menu', id: row.id, restaurantId: actor.restaurantId })]);
  });

  it('publishes nothing while the command is still running', async () => {
    await runCommand(deps(), actor, async (c) => {
      c.emit('menu');
      expect(published).toHaveLength(0);
    });
    expect(published).toHaveLength(1);
  });

  it('rolls back the change and its audit row and publishes nothing when the command throws', async () => {
    let createdId = '';
    await expect(
      runCommand(deps(), actor, async (c) => {
        const [row] = await c.tx.insert(menuCategories).values({ restaurantId: c.restaurantId, icon: '🥗', name: 'Salatalar' }).returning();
        createdId = row.id;
        await c.audit({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, after: row });
        c.emit('menu', row.id);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await ctx.database.db.select().from(menuCategories).where(eq(menuCategories.id, createdId))).toHaveLength(0);
    expect(await auditRowsFor(createdId)).toHaveLength(0);
    expect(published).toHaveLength(0);
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const row = await addCategory('Tatlılar');
    published.length = 0;
    const rename = (version: number) =>
      runCommand(deps(), actor, async (c) => {
        const locked = await c.lockOwned(menuCategories, row.id);
        c.assertVersion(locked, version);
        await c.tx.update(menuCategories).set({ name: 'Yeni', version: locked.version + 1 }).where(eq(menuCategories.id, row.id));
        c.emit('menu', row.id);
      });
    await expect(rename(row.version + 1)).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.versionConflict });
    const [unchanged] = await ctx.database.db.select().from(menuCategories).where(eq(menuCategories.id, row.id));
    expect(unchanged).toMatchObject({ name: 'Tatlılar', version: row.version });
    expect(published).toHaveLength(0);
    await rename(row.version);
    expect(published).toHaveLength(1);
  });

  it("answers 404 for another restaurant's row, a malformed id and a missing one alike", async () => {
    const theirs = await addCategory('Onların', otherActor);
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      await expect(runCommand(deps(), actor, (c) => c.lockOwned(menuCategories, id, 'Kategori bulunamadı'))).rejects.toMatchObject({
        statusCode: 404,
        message: 'Kategori bulunamadı',
      });
    }
  });

  it('answers 404 for a restaurant that does not exist', async () => {
    const ghost = { ...actor, restaurantId: '00000000-0000-4000-8000-000000000000' };
    await expect(runCommand(deps(), ghost, async () => 1)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('runs the commands of one restaurant one after another, so max + 1 never repeats', async () => {
    const rows = await Promise.all(Array.from({ length: 8 }, (_, i) => addCategory(`Paralel ${i}`)));
    const orders = rows.map((r) => r.sortOrder);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('creates a restaurant with its first data in one command, and nothing at all when that command throws', async () => {
    const name = `Yeni Şube ${Date.now()}`;
    const created = await runCreateRestaurant(deps(), name, async (c) => {
      await c.audit({ action: 'restaurant.create', entity: 'restaurant', entityId: c.restaurantId });
      return c.restaurantId;
    });
    expect(await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, created))).toHaveLength(1);
    expect(await auditRowsFor(created)).toMatchObject([{ actorRole: 'system', actorUserId: null }]);

    let failedId = '';
    await expect(
      runCreateRestaurant(deps(), `${name} (hatalı)`, async (c) => {
        failedId = c.restaurantId;
        await c.audit({ action: 'restaurant.create', entity: 'restaurant', entityId: c.restaurantId });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, failedId))).toHaveLength(0);
    expect(await auditRowsFor(failedId)).toHaveLength(0);
  });
});
