import { eq } from 'drizzle-orm';
import { auditEvents, menuCategories } from '../db/schema';
import { HttpError } from '../errors';
import { createRestaurant, createTestApp, type TestContext } from '../test-support/test-app';
import type { CommandActor, CommandContext } from './command';
import { commandBatcher } from './command-batch';

describe('commands batched per restaurant', () => {
  let ctx: TestContext;
  let actor: CommandActor;
  let transactions: number;
  let run: ReturnType<typeof commandBatcher>;

  beforeAll(async () => {
    ctx = await createTestApp();
    actor = { restaurantId: (await createRestaurant(ctx)).id, userId: null, role: 'integration' };
    // the same database, counting the transactions the batcher opens
    const db = ctx.database.db;
    const counted = Object.create(db, {
      transaction: { value: (...args: Parameters<typeof db.transaction>) => (transactions++, db.transaction(...args)) },
    }) as typeof db;
    run = commandBatcher({ db: counted, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks });
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    transactions = 0;
  });

  const addCategory = (name: string) => async (c: CommandContext) => {
    const [row] = await c.tx.insert(menuCategories).values({ restaurantId: c.restaurantId, icon: '🍲', name }).returning();
    await c.audit({ action: 'menu.category.create', entity: 'menu_category', entityId: row.id, after: row });
    return row;
  };
  const stored = async (name: string) =>
    (await ctx.database.db.select().from(menuCategories).where(eq(menuCategories.name, name))).length;

  it('runs a command alone at once, and those arriving meanwhile together in one transaction', async () => {
    const names = ['Toplu 1', 'Toplu 2', 'Toplu 3', 'Toplu 4', 'Toplu 5'];
    const rows = await Promise.all(names.map((name) => run(actor, addCategory(name))));
    // the first alone, the four that waited for it in one
    expect(transactions).toBe(2);
    expect(rows.map((r) => r.name)).toEqual(names);
    for (const name of names) expect(await stored(name)).toBe(1);
    const audited = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.restaurantId, actor.restaurantId));
    expect(audited.filter((a) => rows.some((r) => r.id === a.entityId))).toHaveLength(names.length);
  });

  it('fails only the command that fails: its batch is rolled back and the others run again alone', async () => {
    const refused = async () => {
      throw new HttpError(400, 'Bu sipariş geçersiz');
    };
    const [first, second, bad, fourth] = await Promise.allSettled([
      run(actor, addCategory('Ayrı 1')),
      run(actor, addCategory('Ayrı 2')),
      run(actor, refused),
      run(actor, addCategory('Ayrı 4')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('fulfilled');
    expect(fourth.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: { statusCode: 400, message: 'Bu sipariş geçersiz' } });
    for (const name of ['Ayrı 1', 'Ayrı 2', 'Ayrı 4']) expect(await stored(name)).toBe(1);
  });

  it('keeps restaurants apart: another restaurant’s command does not wait in this one’s batch', async () => {
    const other: CommandActor = { ...actor, restaurantId: (await createRestaurant(ctx)).id };
    const [a, b] = await Promise.all([run(actor, addCategory('Komşu A')), run(other, addCategory('Komşu B'))]);
    expect(transactions).toBe(2);
    expect(a.restaurantId).toBe(actor.restaurantId);
    expect(b.restaurantId).toBe(other.restaurantId);
  });
});
