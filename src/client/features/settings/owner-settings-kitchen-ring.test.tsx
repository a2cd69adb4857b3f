import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { stubOwnerForm } from '../../test-support/browser-stubs';
import { OwnerSettingsPage } from './owner-settings-page';

// Ayarlar → Online Sipariş Uyarısı: off by default, saved with the rest of the document and its version.
const calls: { method: string; body: unknown; ifMatch: string | null }[] = [];

beforeEach(() => {
  calls.length = 0;
  stubOwnerForm();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, body, ifMatch: new Headers(init.headers).get('if-match') });
      const value = method === 'PUT' ? body : defaultRestaurantSettings('Kardeşler Lokantası');
      return new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json', etag: method === 'PUT' ? '"4"' : '"3"' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('the owner turns on "Yeni online siparişte mutfak ekranı da çalsın" and saves it with the version read', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <OwnerSettingsPage />
      </MantineProvider>
    </QueryClientProvider>,
  );
  expect(await screen.findByDisplayValue('Kardeşler Lokantası')).toBeInTheDocument();
  const toggle = screen.getByRole('switch', { name: /^Yeni online siparişte mutfak ekranı da çalsın/ });
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  expect(toggle).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
  expect(await screen.findByText('Ayarlar kaydedildi')).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.ifMatch).toBe('"3"');
  expect(put?.body).toMatchObject({ kitchenRingsForOnlineOrders: true });
});
