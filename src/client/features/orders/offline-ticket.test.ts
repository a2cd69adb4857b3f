import { describe, expect, it } from 'vitest';
import type { QueuedAction } from '../../api/offline-store';
import { ticket as ticketFixture } from '../../test-support/fixtures';
import { applyQueued, queuedLineIds } from './offline-ticket';

const base = { key: 'k-12345678', restaurantId: 'r1', userId: 'u1', ticketId: 't1', where: 'Masa 5', tableId: 'table-5', createdAt: 0 };
const draft = { menuItemId: 'tea', quantity: 2, tempId: 'tmp-a', name: 'Çay', unitPrice: 2500, options: [], vatRate: 10 };

describe('the adisyon as the waiter left it offline', () => {
  it('shows lines added offline with their price, and Mutfağa Gönder marks every unsent line as on its way', () => {
    const t = ticketFixture({ id: 't1' });
    const queued: QueuedAction[] = [
      { ...base, payload: { kind: 'add-lines', lines: [draft] } },
      { ...base, key: 'k2-12345678', payload: { kind: 'send', holdCourses: [] } },
    ];
    const shown = applyQueued(t, queued);
    const tea = shown.lines.find((l) => l.id === 'tmp-a')!;
    expect(tea).toMatchObject({ name: 'Çay', quantity: 2, total: 5000, status: 'sent' });
    expect(shown.totals.total).toBe(t.totals.total + 5000);
    expect(shown.lines.some((l) => l.status === 'pending')).toBe(false);
    expect(queuedLineIds(t, queued).has('tmp-a')).toBe(true);
  });

  it('another ticket’s actions change nothing', () => {
    const t = ticketFixture({ id: 't1' });
    expect(applyQueued(t, [{ ...base, ticketId: 't2', payload: { kind: 'add-lines', lines: [draft] } }])).toBe(t);
  });
});
