import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformCallInfo, PlatformConnectionInfo, PlatformPauseInfo } from '../../../shared/online-orders-contract';
import { setUserSession } from '../../api/session';
import { BusyControls } from './busy-controls';

const connection = (platform: PlatformConnectionInfo['platform'], over: Partial<PlatformConnectionInfo> = {}): PlatformConnectionInfo => ({
  platform,
  enabled: true,
  clientId: '',
  remoteCode: '',
  chainCode: '',
  storeId: '',
  executorUser: '',
  baseUrl: 'https://api.example.com',
  productMap: {},
  hasWebhookSecret: true,
  hasClientSecret: false,
  autoAcceptMinutes: null,
  lastPause: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const pause = (over: Partial<PlatformPauseInfo>): PlatformPauseInfo => ({ minutes: 30, requestedAt: new Date(Date.now() - 60_000).toISOString(), status: 'sent', lastError: null, ...over });

let posts: { url: string; body: unknown }[] = [];
function serve(connections: PlatformConnectionInfo[]) {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify(connections), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function show() {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <BusyControls onDone={onDone} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

beforeEach(() => setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' }));
afterEach(() => vi.unstubAllGlobals());

describe('Yoğunuz on the inbox', () => {
  it('offers it per connected platform, sends the chosen minutes and says what happens', async () => {
    serve([connection('getir'), connection('trendyol', { enabled: false })]);
    const { onDone, user } = show();
    await user.click(await screen.findByRole('button', { name: 'Yoğunuz: Getir Yemek' }));
    expect(screen.queryByRole('button', { name: 'Yoğunuz: Trendyol Yemek' })).toBeNull();
    // a loaded machine takes more than the default second to open the modal and answer the mocked call
    const dialog = await screen.findByRole('dialog', { name: 'Getir Yemek: sipariş almayı durdur' }, { timeout: 5000 });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['15 dk', '30 dk', '45 dk', '60 dk']));
    await user.click(within(dialog).getByRole('button', { name: '30 dk' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Getir Yemek 30 dk sipariş almayacak'), { timeout: 5000 });
    expect(posts).toEqual([{ url: '/api/restaurants/r1/integrations/platforms/getir/pause', body: { minutes: 30 } }]);
  });

  it('shows a running pause, and a call that did not reach the platform in red words', async () => {
    serve([connection('getir', { lastPause: pause({ status: 'failing', lastError: 'HTTP 503' }) }), connection('yemeksepeti', { lastPause: pause({ status: 'sent' }) })]);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Getir Yemek: Yoğunuz platforma bildirilemedi (HTTP 503); tekrar deneniyor.');
    expect(screen.getByText(/^Yemeksepeti: Yoğunuz \(bitiş /)).toBeInTheDocument();
  });

  it('shows a demo platform’s Yoğunuz as it would have gone out, folded: method, path, headers and body', async () => {
    const calls: PlatformCallInfo[] = [
      { method: 'GET', path: '/v2/chains/demo-zincir/remoteVendors/demo-lokanta-ys/availability', headers: { authorization: 'Bearer <access_token: POST /v2/login>' } },
      {
        method: 'PUT',
        path: '/v2/chains/demo-zincir/remoteVendors/demo-lokanta-ys/availability',
        headers: { 'content-type': 'application/json', authorization: 'Bearer <access_token: POST /v2/login>' },
        body: { availabilityState: 'CLOSED_UNTIL', platformKey: 'YS_TR', platformRestaurantId: 'demo-lokanta-ys-ys', closedReason: 'TOO_BUSY_KITCHEN', closingMinutes: 30 },
      },
    ];
    serve([connection('yemeksepeti', { lastPause: pause({ status: 'sent', calls }) })]);
    const { user } = show();
    const folded = await screen.findByTestId('platform-calls');
    expect(folded).toHaveTextContent('Yoğunuz: platforma giden 2 çağrı (simülasyon)');
    expect(folded).not.toHaveAttribute('open');
    await user.click(within(folded).getByText(/platforma giden 2 çağrı/));
    expect(within(folded).getByText('GET /v2/chains/demo-zincir/remoteVendors/demo-lokanta-ys/availability')).toBeVisible();
    expect(folded).toHaveTextContent('authorization: Bearer <access_token: POST /v2/login>');
    expect(folded).toHaveTextContent('"availabilityState": "CLOSED_UNTIL"');
  });

  it('says nothing of a pause whose time is over, and shows nothing without a connected platform', async () => {
    serve([connection('getir', { lastPause: pause({ status: 'dead', requestedAt: new Date(Date.now() - 2 * 3600_000).toISOString() }) })]);
    show();
    expect(await screen.findByRole('button', { name: 'Yoğunuz: Getir Yemek' })).toBeInTheDocument();
    expect(screen.queryByTestId('pause-state')).toBeNull();
  });
});
