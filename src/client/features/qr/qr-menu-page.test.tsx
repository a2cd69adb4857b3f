import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defaultRestaurantSettings, type RestaurantSettings } from '../../../shared/restaurant-settings';
import { setUserSession } from '../../api/session';
import QrMenuPage from './qr-menu-page';

// A domain typed into QR Menü and not saved yet was replaced by the stored one whenever the
// settings were read again (a live event, another screen's save), and typed before they first
// arrived it was replaced by their empty address: Kaydet then saved the wrong address.

let stored: RestaurantSettings;
let version = 1;
let answerSettings: (() => void) | null = null;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  const base = defaultRestaurantSettings('Kardeşler Lokantası');
  stored = { ...base, publicMenu: { ...base.publicMenu, baseUrl: 'https://eski.lokantam.com.tr' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown, etag?: string) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) } });
      if (url.includes('/settings/general')) {
        // the first read waits until the test lets it through
        if (version === 1 && answerSettings === null) await new Promise<void>((resolve) => (answerSettings = resolve));
        return json(stored, `"${version}"`);
      }
      if (url.includes('/tables/qr-tokens')) return json({ tables: [] });
      return json([]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('keeps a typed domain when the settings are read again, and takes none before they arrive', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <QrMenuPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const field = screen.getByLabelText('Alan adı');
  expect(field).toBeDisabled();

  act(() => answerSettings!());
  await waitFor(() => expect(field).toHaveValue('https://eski.lokantam.com.tr'));
  expect(field).toBeEnabled();

  fireEvent.change(field, { target: { value: 'https://menu.lezzet.com.tr' } });
  // another screen takes the menu offline: the settings are read again, with a change
  stored = { ...stored, publicMenu: { ...stored.publicMenu, enabled: false } };
  version = 2;
  await act(() => client.invalidateQueries());
  await waitFor(() => expect(screen.getByRole('switch')).not.toBeChecked());
  expect(field).toHaveValue('https://menu.lezzet.com.tr');
});
