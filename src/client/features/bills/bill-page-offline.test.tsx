import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer-settings';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { BILL_INCOMPLETE, offlineQueue } from '../../api/offline-queue';
import { OFFLINE_DB_NAME, openOfflineStore } from '../../api/offline-store';
import { setUserSession } from '../../api/session';
import { ticket as ticketFixture } from '../../test-support/fixtures';
import BillPage from './bill-page';

// Dishes added while the Wi-Fi was down wait in the device's queue; the bill the server computed
// lacks them. The bill screen says so plainly and does not print an incomplete bill.

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  setUserSession({ uid: 'u1', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' });
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag: '"1"' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/settings/printer')) return json(DEFAULT_PRINTER_SETTINGS);
      if (url.includes('/settings/general')) return json(defaultRestaurantSettings('Kardeşler Lokantası'));
      if (url.includes('/tickets/t1')) return json(ticketFixture({ id: 't1' }));
      return json([]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/waiter/orders/t1/hesap']}>
          <Routes>
            <Route path="/waiter/orders/:ticketId/hesap" element={<BillPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

it('with dishes of this ticket still queued, the bill says its total is incomplete and Hesabı Yazdır waits, saying why', async () => {
  const store = await openOfflineStore(OFFLINE_DB_NAME);
  const base = { restaurantId: 'r1', userId: 'u1', where: 'Masa 5', tableId: 'x', createdAt: 1 };
  await store.add({ ...base, ticketId: 't1', key: 'q1-12345678', payload: { kind: 'send', holdCourses: [] } });
  await store.add({ ...base, ticketId: 't1', key: 'q2-12345678', payload: { kind: 'send', holdCourses: [] } });
  await store.add({ ...base, ticketId: 'another', key: 'q3-12345678', payload: { kind: 'send', holdCourses: [] } });
  await act(async () => void (await offlineQueue().reload()));
  show();
  expect(await screen.findByText(BILL_INCOMPLETE.queued(2))).toBeInTheDocument();
  const button = await screen.findByTestId('print-bill');
  await waitFor(() => expect(button).toBeDisabled());
  expect(button).toHaveAccessibleDescription(BILL_INCOMPLETE.print);

  // sent: the warning goes and the bill can be printed
  for (const a of await store.all()) await store.remove(a.seq!);
  await act(async () => void (await offlineQueue().reload()));
  await waitFor(() => expect(screen.queryByTestId('bill-incomplete')).toBeNull());
  await waitFor(() => expect(button).toBeEnabled());
});
