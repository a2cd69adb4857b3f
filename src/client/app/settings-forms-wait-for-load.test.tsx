import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../shared/printer-settings';
import { defaultRestaurantSettings } from '../../shared/restaurant-settings';
import { stubOwnerForm } from '../test-support/browser-stubs';
import { PrinterSettingsPage } from '../features/printing/printer-settings-page';
import { OwnerSettingsPage } from '../features/settings/owner-settings-page';

// A form drawn over the defaults before the stored document arrives lets a person type into it;
// the save then failed on a default the person never saw (an empty restaurant name), or, with no
// ETag yet, could overwrite the stored document. Both forms wait for the document instead.

let answer: (body: unknown) => void;

beforeEach(() => {
  stubOwnerForm();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag: '"3"' } }));
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (page: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>{page}</MantineProvider>
    </QueryClientProvider>,
  );
};

it('Ayarlar shows the loading sign, not a form of defaults, until the stored settings arrive', async () => {
  renderPage(<OwnerSettingsPage />);
  expect(screen.getByRole('status', { name: 'Yükleniyor...' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Vergi no')).toBeNull();

  const stored = defaultRestaurantSettings('Kardeşler Lokantası');
  answer({ ...stored, profile: { ...stored.profile, taxNumber: '1234567890' } });
  expect(await screen.findByDisplayValue('Kardeşler Lokantası')).toBeInTheDocument();
  expect(screen.getByLabelText('Vergi no')).toHaveValue('1234567890');
});

it('Yazıcı Ayarları waits for the stored settings the same way', async () => {
  renderPage(<PrinterSettingsPage />);
  expect(screen.getByRole('status', { name: 'Yükleniyor...' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Kaydet/ })).toBeNull();

  answer({ ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { name: 'Kardeşler Lokantası', address: '', phone: '' } });
  expect(await screen.findByDisplayValue('Kardeşler Lokantası')).toBeInTheDocument();
});
