import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnlineOrderSimulatorInfo } from '../../../shared/online-orders-contract';
import { queryKeys } from '../../api/query-keys';
import { setUserSession } from '../../api/session';
import { PlatformSimulatorSection } from './platform-simulator-section';

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { client, ...render(<PlatformSimulatorSection />, { wrapper: Wrapper }) };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers: the simulator's availability, then each press's result. */
function serve(info: OnlineOrderSimulatorInfo, press: () => Response = () => json({ orderId: 'o1', source: 'getir', externalId: '65a1f0c2e4b0a1b2c3d4e5f6' }, 201)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? press() : json(info))),
  );
}

beforeEach(() => setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' }));
afterEach(() => vi.unstubAllGlobals());

describe('Ayarlar → Deneme Siparişleri', () => {
  it('is not shown on a restaurant without demo data', async () => {
    serve({ available: false, sources: [] });
    const { client } = renderSection();
    // the answer has arrived (not merely still loading) and nothing is drawn
    await waitFor(() => expect(client.getQueryData(queryKeys.onlineOrderSimulator('r1'))).toEqual({ available: false, sources: [] }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers one button per source the server names, and tells which order came in', async () => {
    serve({ available: true, sources: ['yemeksepeti', 'getir', 'sofra'] });
    renderSection();
    expect(await screen.findByRole('region', { name: 'Deneme Siparişleri' })).toHaveTextContent('hiçbir platforma bağlanılmaz');
    expect(screen.getByRole('button', { name: "Yemeksepeti'den deneme siparişi" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kendi Kanalımızdan deneme siparişi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Trendyol Yemek'ten deneme siparişi" })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: "Getir Yemek'ten deneme siparişi" }));
    expect(await screen.findByRole('status')).toHaveTextContent('Getir Yemek siparişi geldi: #65a1f0c2e4b0a1b2c3d4e5f6');
    expect(screen.getByRole('link', { name: 'Siparişlere git' })).toHaveAttribute('href', '/owner/online-takip');
    const [url, init] = vi.mocked(fetch).mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')!;
    expect(url).toBe('/api/restaurants/r1/online-orders/simulate');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ platform: 'getir' });
  });

  it('shows the server’s refusal in Turkish', async () => {
    serve({ available: true, sources: ['trendyol', 'sofra'] }, () => json({ error: 'Trendyol Yemek bağlantısı deneme için hazır değil' }, 409));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: "Trendyol Yemek'ten deneme siparişi" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trendyol Yemek bağlantısı deneme için hazır değil');
  });
});
