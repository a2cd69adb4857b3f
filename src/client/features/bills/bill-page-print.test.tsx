import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer-settings';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { setUserSession } from '../../api/session';
import { ticket as ticketFixture } from '../../test-support/fixtures';
import BillPage from './bill-page';

// Hesabı Yazdır tapped before Yazıcı Ayarları had arrived printed nothing and said the settings
// could not be read (a slow evening's network; CI saw it). The button now waits for them and
// for the restaurant's name that heads the bill.

let answerPrinter: (() => void) | null = null;
const opened: string[] = [];

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag: '"1"' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/settings/printer')) {
        await new Promise<void>((resolve) => (answerPrinter = resolve));
        return json(DEFAULT_PRINTER_SETTINGS);
      }
      if (url.includes('/settings/general')) return json(defaultRestaurantSettings('Kardeşler Lokantası'));
      if (url.includes('/tickets/t1')) return json(ticketFixture({ id: 't1' }));
      return json([]);
    }),
  );
  const popup = { document: { open() {}, write: (html: string) => opened.push(html), close() {} }, focus() {}, print() {}, close() {} };
  vi.stubGlobal('open', vi.fn(() => popup));
});
afterEach(() => vi.unstubAllGlobals());

it('Hesabı Yazdır waits for Yazıcı Ayarları, then prints the bill under the restaurant’s name', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/owner/orders/t1/hesap']}>
          <Routes>
            <Route path="/owner/orders/:ticketId/hesap" element={<BillPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const button = await screen.findByTestId('print-bill');
  expect(button).toBeDisabled();
  fireEvent.click(button);
  expect(opened).toEqual([]);
  expect(screen.queryByText(/Yazıcı ayarları yüklenemedi/)).toBeNull();

  await waitFor(() => expect(answerPrinter).not.toBeNull());
  act(() => answerPrinter!());
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toContain('Kardeşler Lokantası');
});
