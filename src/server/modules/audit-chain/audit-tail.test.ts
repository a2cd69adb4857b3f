import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema';
import { runCommand, type CommandActor } from '../../lib/command';
import { createRestaurant, createTestApp, type TestContext } from '../../test-support/test-app';
import { appendAuditRows } from './append-audit';
import { verifyChains } from './verify';

/**
 * The pipeline remembers each restaurant's last audit row after a commit and chains the next
 * command's row onto it without reading it. These are the ways that memory could be wrong; the
 * chain must hold after each.
 */
describe('the audit chain with the remembered tail', () => {
  let ctx: TestContext;
  let actor: CommandActor;
  const deps = () => ({ db: ctx.database.db, hub: ctx.app.hub, commandHooks: ctx.app.commandHooks });
  const audited = (action: string, times = 1, thenFail = false) =>
    runCommand(deps(), actor, async (c) => {
      for (let i = 0; i < times; i++) await c.audit({ action, entity: 'test', entityId: null, after: { i } });
      if (thenFail) throw new Error('vazgeçildi');
    });
  const seqs = async () =>
    (
      await ctx.database.db
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .where(and(eq(auditEvents.restaurantId, actor.restaurantId), isNotNull(auditEvents.seq)))
    )
      .map((r) => r.seq!)
      .sort((a, b) => a - b);
  const expectChainHolds = async () => {
    const report = await verifyChains(ctx.database.db, actor.restaurantId);
    expect(report.firstBroken).toBeNull();
    const all = await seqs();
    expect(all).toEqual(all.map((_, i) => i + 1)); // gapless from 1
    return all.length;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    actor = { restaurantId: (await createRestaurant(ctx)).id, userId: null, role: 'system' };
  });
  afterAll(() => ctx.close());

  it('chains commands one after another, and several rows of one command', async () => {
    const before = await expectChainHolds();
    await audited('a');
    await audited('b', 3);
    await audited('c');
    expect(await expectChainHolds()).toBe(before + 5);
  });

  it('stores a row chained onto the remembered tail as written: JSON as JSON, absent values as NULL', async () => {
    await audited('warm'); // the tail is now remembered: the next row takes the prepared one-row insert
    await runCommand(deps(), actor, (c) => c.audit({ action: 'stored-as-written', entity: 'test', entityId: 'e-1', after: { adet: 2, not: 'acılı' }, reason: 'deneme' }));
    const [row] = await ctx.database.db
      .select({ before: auditEvents.before, after: auditEvents.after, beforeIsNull: sql<boolean>`${auditEvents.before} is null`, afterType: sql<string>`jsonb_typeof(${auditEvents.after})` })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, actor.restaurantId), eq(auditEvents.action, 'stored-as-written')));
    expect(row).toEqual({ before: null, after: { adet: 2, not: 'acılı' }, beforeIsNull: true, afterType: 'object' });
    await expectChainHolds();
  });

  it('forgets what a rolled-back command appended', async () => {
    const before = await expectChainHolds();
    await expect(audited('x', 2, true)).rejects.toThrow('vazgeçildi');
    await audited('after-rollback');
    expect(await expectChainHolds()).toBe(before + 1);
  });

  it('notices rows another server process appended meanwhile (its remembered tail is behind)', async () => {
    const before = await expectChainHolds();
    await audited('mine');
    // another process: the same database, no memory of ours
    await ctx.database.db.transaction((tx) => appendAuditRows(tx, actor.restaurantId, [{ actorUserId: null, actorRole: 'system', approverUserId: null, action: 'theirs', entity: 'test', entityId: null, before: null, after: null, reason: null }]));
    await audited('mine-again', 2);
    expect(await expectChainHolds()).toBe(before + 4);
  });

  it('keeps the chain whole when commands of one restaurant race', async () => {
    const before = await expectChainHolds();
    await Promise.all(Array.from({ length: 12 }, (_, i) => audited(`race-${i}`, 1 + (i % 2))));
    expect(await expectChainHolds()).toBe(before + 18);
  });
});
