import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RefundInfo } from '../../../shared/day-close-contract';
import { EMPTY_TOTALS, type Ticket, type TicketLine } from '../../../shared/ticket-contract';
import { setUserSession } from '../../api/session';
import { RefundDialog } from './refund-dialog';

const line = (id: string, name: string, quantity: number, due: number): TicketLine => ({
  id, menuItemId: null, name, quantity, unitPrice: due / quantity, options: [], note: null, status: 'served', station: 'mutfak', vatRate: 10,
  batchId: 'b', isComp: false, discount: null, total: due, addedAt: '2026-11-25T12:00:00Z', due, compReason: null, cancelReason: null,
  paymentId: null, course: null, isHeld: false, firedAt: null,
});
const bill: Ticket = {
  id: 'bill-1', number: 8, type: 'table', tableId: 'x', tableName: 'Salon 3', status: 'closed', guests: 2, waiterId: 'w', waiterName: 'Ayşe',
  customer: null, openedAt: '2026-11-25T12:00:00Z', billRequestedAt: null, state: 'free', version: 9,
  lines: [line('l1', 'Adana Kebap', 3, 90_000), line('l2', 'Ayran', 2, 8_000)],
  totals: { ...EMPTY_TOTALS, subtotal: 98_000, total: 98_000, paid: 98_000 }, discount: null, payments: [], billNumber: 41, closedAt: '2026-11-25T13:00:00Z',
};
const earlier: RefundInfo[] = [
  {
    id: 'r1', ticketId: 'bill-1', billNumber: 41, businessDay: '2026-11-25', method: 'cash', brand: null, amount: 38_000, reason: 'Soğuk geldi',
    createdAt: '2026-11-25T14:00:00Z', approvedByName: 'Sahip',
    lines: [
      { lineId: 'l1', menuItemId: null, name: 'Adana Kebap', quantity: 1, amount: 30_000, vatRate: 10 },
      { lineId: 'l2', menuItemId: null, name: 'Ayran', quantity: 2, amount: 8_000, vatRate: 10 },
    ],
  },
];

const posted: { url: string; key: string | null }[] = [];
beforeEach(() => {
  posted.length = 0;
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url, key: new Headers(init.headers).get('idempotency-key') });
        return new Response(JSON.stringify({ error: 'Sunucuya ulaşılamadı' }), { status: 503, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(earlier), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('shows what went back in an earlier İade and offers only the units left; a retried İade carries the same key', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <RefundDialog ticket={bill} opened onClose={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  expect(await screen.findByText('1 adedi daha önce iade edildi')).toBeInTheDocument();
  // both Ayran went back: the line is no longer offered
  expect(screen.queryByLabelText('Ayran iade adedi')).toBeNull();
  const adana = screen.getByLabelText('Adana Kebap iade adedi');
  expect(within(adana).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2']);

  const user = userEvent.setup();
  await user.selectOptions(adana, '2');
  await user.type(screen.getByLabelText('Neden'), 'Yanlış pişmiş');
  await user.click(screen.getByRole('button', { name: 'İade Et' }));
  expect(await screen.findByText('Sunucuya ulaşılamadı')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'İade Et' }));
  await vi.waitFor(() => expect(posted).toHaveLength(2));
  expect(posted[0].key).toBeTruthy();
  expect(posted[1].key).toBe(posted[0].key);
});
