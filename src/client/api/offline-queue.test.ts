import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeTicketServer, queuedAction } from './offline-test-kit';
import { createOfflineQueue } from './offline-queue';
import { openOfflineStore, type DraftLine, type QueuedAction } from './offline-store';
import { replayQueue } from './offline-replay';

let dbName = '';
let counter = 0;
beforeEach(() => {
  dbName = `sofra-offline-test-${++counter}`;
  localStorage.setItem('userSession', JSON.stringify({ uid: 'u1', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' }));
});
afterEach(() => localStorage.clear());

const draft = (menuItemId: string, quantity = 1): DraftLine => ({
  menuItemId,
  quantity,
  tempId: `tmp-${menuItemId}`,
  name: menuItemId,
  unitPrice: 1000,
  options: [],
  vatRate: 10,
});
let keys = 0;
const action = (payload: QueuedAction['payload'], extra: Partial<QueuedAction> = {}) => queuedAction(`key-${++keys}-abcdefgh`, payload, { createdAt: keys, ...extra });

async function setup() {
  const server = createFakeTicketServer();
  const store = await openOfflineStore(dbName);
  const replay = () => replayQueue({ store, request: server.request, owner: { restaurantId: 'r1', userId: 'u1' }, ticketUrl: () => server.base });
  return { server, store, replay };
}

describe('the offline queue', () => {
  it('replays the actions in the order they were taken, each once, chaining the versions', async () => {
    const { server, store, replay } = await setup();
    server.ticket.version = 7; // changed elsewhere while the waiter was offline (the kitchen, another screen)
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran'), draft('lahmacun', 2)] }));
    await store.add(action({ kind: 'add-lines', lines: [draft('kunefe')] }));
    await store.add(action({ kind: 'send', holdCourses: [] }));
    const result = await replay();
    expect(result).toEqual({ applied: 3, failed: 0, isStopped: false });
    expect(server.ticket.lines.map((l) => [l.menuItemId, l.quantity, l.status])).toEqual([
      ['ayran', 1, 'sent'],
      ['lahmacun', 2, 'sent'],
      ['kunefe', 1, 'sent'],
    ]);
    expect(server.state.batches).toBe(1);
    expect(server.log.filter((r) => r.method === 'GET')).toHaveLength(1); // versions chained from the answers
    expect(await store.all()).toEqual([]);
  });

  it('a lost answer retried with the same key gets the stored result, not a second line', async () => {
    const { server, store, replay } = await setup();
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }));
    server.state.loseNextAnswer = true;
    expect((await replay()).isStopped).toBe(true);
    const [waiting] = await store.all();
    expect(waiting.sent?.key).toBe(waiting.key);
    expect(server.ticket.lines).toHaveLength(1);
    await replay();
    expect(server.ticket.lines).toHaveLength(1);
    const posts = server.log.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.key)).toEqual([waiting.key, waiting.key]);
    expect(await store.all()).toEqual([]);
  });

  it('a quantity change whose answer was lost is not applied twice', async () => {
    const { server, store, replay } = await setup();
    server.ticket.lines.push({ id: 'l9', menuItemId: 'ayran', name: 'Ayran', quantity: 1, note: null, course: null, status: 'pending' });
    await store.add(action({ kind: 'update-line', lineId: 'l9', lineName: 'Ayran', before: { quantity: 1, note: null, course: null }, change: { quantity: 2 } }));
    server.state.loseNextAnswer = true;
    await replay();
    await replay();
    expect(server.ticket.lines[0].quantity).toBe(2);
    expect(await store.failed()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('keeps the rest of the queue when the connection drops mid-replay, and it survives re-opening', async () => {
    const { server, store } = await setup();
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }));
    await store.add(action({ kind: 'add-lines', lines: [draft('cay')] }));
    await store.add(action({ kind: 'send', holdCourses: [] }));
    const original = server.request;
    let calls = 0;
    // the network goes away after the first write reached the server
    const dropping: typeof original = (path, init) => (++calls > 2 ? Promise.reject(Object.assign(new Error('x'), { status: 0 })) : original(path, init));
    const first = await replayQueue({ store, request: dropping, owner: { restaurantId: 'r1', userId: 'u1' }, ticketUrl: () => server.base });
    expect(first).toEqual({ applied: 1, failed: 0, isStopped: true });
    store.close();
    const reopened = await openOfflineStore(dbName);
    expect((await reopened.all()).map((a) => a.payload.kind)).toEqual(['add-lines', 'send']);
    await replayQueue({ store: reopened, request: server.request, owner: { restaurantId: 'r1', userId: 'u1' }, ticketUrl: () => server.base });
    expect(server.ticket.lines.map((l) => [l.menuItemId, l.status])).toEqual([
      ['ayran', 'sent'],
      ['cay', 'sent'],
    ]);
    expect(server.state.batches).toBe(1);
  });

  it('an action that can no longer apply is kept in the failed list with what happened, never dropped', async () => {
    const { store, replay } = await setup();
    await store.add(action({ kind: 'add-lines', lines: [draft('sold-out')] }));
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }));
    const result = await replay();
    expect(result).toEqual({ applied: 1, failed: 1, isStopped: false });
    const [failed] = await store.failed();
    expect(failed.reason).toContain('tükendi');
    expect(failed.advice).toMatch(/tekrar ekleyin/);
    store.close();
    const reopened = await openOfflineStore(dbName);
    expect(await reopened.failed()).toHaveLength(1);
    await reopened.dismiss(failed.key);
    expect(await reopened.failed()).toEqual([]);
  });

  it('a table closed or moved while offline is explained in Turkish', async () => {
    const { server, store, replay } = await setup();
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }));
    server.ticket.tableId = 'table-7';
    server.ticket.tableName = 'Masa 7';
    await replay();
    expect((await store.failed())[0].reason).toBe('Masa 5 siz çevrimdışıyken Masa 7 taşındı; işlem uygulanmadı.');
    server.ticket.tableId = 'table-5';
    server.ticket.status = 'closed';
    await store.add(action({ kind: 'send', holdCourses: [] }));
    await replay();
    expect((await store.failed())[1].reason).toBe('Masa 5: adisyon siz çevrimdışıyken kapatıldı.');
    expect(server.ticket.lines).toEqual([]);
  });

  it('a line changed on another screen meanwhile is a conflict, not overwritten', async () => {
    const { server, store, replay } = await setup();
    server.ticket.lines.push({ id: 'l9', menuItemId: 'ayran', name: 'Ayran', quantity: 3, note: null, course: null, status: 'pending' });
    await store.add(action({ kind: 'update-line', lineId: 'l9', lineName: 'Ayran', before: { quantity: 1, note: null, course: null }, change: { quantity: 2 } }));
    await replay();
    expect(server.ticket.lines[0].quantity).toBe(3);
    expect((await store.failed())[0].reason).toContain('başka bir ekranda değiştirildi');
  });

  it('two tabs never replay the same queue', async () => {
    const server = createFakeTicketServer();
    server.state.delay = 5;
    const store = await openOfflineStore(dbName);
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }));
    await store.add(action({ kind: 'send', holdCourses: [] }));
    const tabA = createOfflineQueue({ dbName, tabId: 'tab-a', request: server.request });
    const tabB = createOfflineQueue({ dbName, tabId: 'tab-b', request: server.request });
    const [a, b] = await Promise.all([tabA.replay(), tabB.replay()]);
    expect([a?.applied, b?.applied].sort()).toEqual([2, undefined]);
    expect(server.log.filter((r) => r.method !== 'GET')).toHaveLength(2);
    expect(server.state.batches).toBe(1);
    await tabA.reload();
    expect(tabA.getState().pending).toEqual([]);
  });

  it('a line the waiter changes while its action is about to go out is sent as changed, never lost', async () => {
    const { server, store } = await setup();
    const seq = await store.add(action({ kind: 'add-lines', lines: [draft('cay')] }));
    const original = server.request;
    let edited = false;
    // the waiter raises the offline line to 3 between the replay reading the action and sending it
    const racing: typeof original = async (path, init) => {
      if (!edited && init?.method === 'GET') {
        edited = true;
        const [a] = await store.all();
        expect(await store.replaceUnsent({ ...a, payload: { kind: 'add-lines', lines: [draft('cay', 3)] } })).toBe(true);
      }
      return original(path, init);
    };
    await replayQueue({ store, request: racing, owner: { restaurantId: 'r1', userId: 'u1' }, ticketUrl: () => server.base });
    expect(server.ticket.lines.map((l) => [l.menuItemId, l.quantity])).toEqual([['cay', 3]]);
    expect(await store.all()).toEqual([]);
    expect(seq).toBeTypeOf('number');
  });

  it('a replay that found nothing to send does not hold up the next one', async () => {
    const server = createFakeTicketServer();
    const queue = createOfflineQueue({ dbName, tabId: 'tab-a', request: server.request });
    expect(await queue.replay()).toBeUndefined();
    await queue.enqueue({ key: 'later-12345678', ticketId: 't1', where: 'Masa 5', tableId: 'table-5', payload: { kind: 'add-lines', lines: [draft('ayran')] } });
    expect((await queue.replay())?.applied).toBe(1);
    expect(server.ticket.lines).toHaveLength(1);
    expect(queue.getState()).toMatchObject({ pending: [], isReplaying: false });
  });

  it('shows only the signed-in waiter’s actions and replays only theirs', async () => {
    const { server, store } = await setup();
    await store.add(action({ kind: 'add-lines', lines: [draft('ayran')] }, { userId: 'someone-else' }));
    const queue = createOfflineQueue({ dbName, tabId: 'tab-a', request: server.request });
    await queue.enqueue({ key: 'mine-12345678', ticketId: 't1', where: 'Masa 5', tableId: 'table-5', payload: { kind: 'send', holdCourses: [] } });
    expect(queue.getState().pending.map((a) => a.key)).toEqual(['mine-12345678']);
    await queue.replay();
    expect(server.ticket.lines).toEqual([]);
    expect((await store.all()).map((a) => a.userId)).toEqual(['someone-else']);
  });
});
