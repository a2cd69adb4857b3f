import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '../../../shared/menu-contract';
import { offlineQueue } from '../../api/offline-queue';
import { ticket as ticketFixture } from '../../test-support/fixtures';
import { createOfflineTicketActions } from './offline-actions';

const menu = { items: [{ id: 'tea', name: 'Çay', priceKurus: 2500, vatRate: 10 }], optionGroups: [] } as unknown as AdminMenu;

beforeEach(() => {
  localStorage.setItem('userSession', JSON.stringify({ uid: 'u1', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' }));
  // the device knows it is offline: actions are only queued, no replay is tried
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => localStorage.clear());

describe('the adisyon’s actions while offline', () => {
  it('two quick taps on one dish queue one addition of two, as two slow taps do', async () => {
    const t = ticketFixture({ id: 't-double-tap', lines: [] });
    const actions = createOfflineTicketActions({ ticketId: t.id, serverTicket: () => t, menu: () => menu });
    // the second tap comes before the first one's action is stored
    await Promise.all([actions.tapItem('tea'), actions.tapItem('tea')]);
    const queued = offlineQueue()
      .getState()
      .pending.filter((a) => a.ticketId === t.id);
    expect(queued.map((a) => a.payload)).toEqual([{ kind: 'add-lines', lines: [expect.objectContaining({ menuItemId: 'tea', quantity: 2, name: 'Çay' })] }]);
  });
});
