import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeTicketServer, queuedAction } from './offline-test-kit';
import { openOfflineStore, type QueuedAction } from './offline-store';
import { replayQueue } from './offline-replay';

/*
 * A queued action refused as stale (409, the ticket's version moved between the replay's read and
 * its write) did not apply: offline-replay.ts plans it again from the ticket as it is now and sends
 * it under a new Idempotency-Key. Re-sending the old key would only get the stored refusal back
 * (the server keeps an answer per key), so the waiter's dishes would end in the failed list.
 */

let dbName = '';
let counter = 0;
beforeEach(() => {
  dbName = `sofra-offline-stale-${++counter}`;
});

const action = (payload: QueuedAction['payload']) => queuedAction(`stale-key-${counter}-abcdefgh`, payload);

async function setup() {
  const server = createFakeTicketServer();
  const store = await openOfflineStore(dbName);
  /** another screen changes the ticket just before each of the first `times` writes reaches the server */
  const raceWrites = (times: number) => {
    let left = times;
    const request: typeof server.request = (path, init) => {
      if (init?.method !== 'GET' && left > 0) {
        left--;
        server.ticket.version++;
      }
      return server.request(path, init);
    };
    return () => replayQueue({ store, request, owner: { restaurantId: 'r1', userId: 'u1' }, ticketUrl: () => server.base });
  };
  return { server, store, raceWrites };
}

let opened: Awaited<ReturnType<typeof openOfflineStore>> | null = null;
afterEach(() => opened?.close());

describe('an offline action refused as stale on replay', () => {
  it('is planned again from the fresh ticket and sent with a new key, once', async () => {
    const { server, store, raceWrites } = await setup();
    opened = store;
    server.ticket.version = 4;
    await store.add(action({ kind: 'add-lines', lines: [{ menuItemId: 'ayran', quantity: 2, tempId: 'tmp-ayran', name: 'Ayran', unitPrice: 1500, options: [], vatRate: 10 }] }));

    const result = await raceWrites(1)();

    expect(result).toEqual({ applied: 1, failed: 0, isStopped: false });
    expect(server.ticket.lines.map((l) => [l.menuItemId, l.quantity])).toEqual([['ayran', 2]]);
    const posts = server.log.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].key).toBe(`stale-key-${counter}-abcdefgh`);
    expect(posts[1].key).toBeTruthy();
    expect(posts[1].key).not.toBe(posts[0].key);
    // planned again: the ticket was read afresh before the second write
    expect(server.log.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    expect(await store.all()).toEqual([]);
    expect(await store.failed()).toEqual([]);
  });

  it('a send to the kitchen refused as stale goes out once, as one batch', async () => {
    const { server, store, raceWrites } = await setup();
    opened = store;
    server.ticket.lines.push({ id: 'l7', menuItemId: 'cay', name: 'Çay', quantity: 1, note: null, course: null, status: 'pending' });
    await store.add(action({ kind: 'send', holdCourses: [] }));

    const result = await raceWrites(2)();

    expect(result).toEqual({ applied: 1, failed: 0, isStopped: false });
    expect(server.state.batches).toBe(1);
    const keys = server.log.filter((r) => r.method === 'POST').map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });
});
