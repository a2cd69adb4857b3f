import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '../../../shared/menu-contract';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { onlineOrdersQuery } from './api/online-orders-queries';
import { setUserSession } from '../../api/session';
import { OnlineOrderCard } from './online-order-card';
import { onlineOrder } from '../../test-support/fixtures';
import { stubTouchScreen } from '../../test-support/browser-stubs';

const MENU: AdminMenu = {
  categories: [{ id: 'c1', icon: '🥙', name: 'Pideler', sortOrder: 0, isVisible: true, version: 1 }],
  items: [
    { id: 'd-lah', categoryId: 'c1', name: 'Lahmacun', description: null, priceKurus: 9000, vatRate: 10, sortOrder: 0, isAvailable: true, station: 'Fırın', photoUrl: null, optionGroupIds: [], version: 1 },
    { id: 'd-pide', categoryId: 'c1', name: 'Kıymalı Pide', description: null, priceKurus: 15000, vatRate: 10, sortOrder: 1, isAvailable: true, station: 'Fırın', photoUrl: null, optionGroupIds: [], version: 1 },
  ],
  optionGroups: [],
};

const RECEIVED = '2026-11-26T17:00:00Z';
const line = (over: Partial<OnlineOrderInfo['items'][number]> = {}): OnlineOrderInfo['items'][number] => ({
  menuItemId: null,
  name: 'lahmacun',
  quantity: 2,
  unitPrice: 8500,
  options: [],
  note: null,
  total: 17_000,
  platformCode: 'getir-p-lah',
  unmapped: true,
  ...over,
});
const order = (items: OnlineOrderInfo['items']) => onlineOrder({ items, receivedAt: RECEIVED });

let mapped = false;
let puts: { url: string; body: unknown }[] = [];
/** The server: the inbox (the line mapped once the PUT came), the menu, and the mapping itself. */
function serve(answer: { status: number; body: unknown } = { status: 200, body: { platform: 'getir', code: 'getir-p-lah', menuItemId: 'd-lah', remappedOrderIds: ['o1'] } }) {
  mapped = false;
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'PUT') {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        if (answer.status === 200) mapped = true;
        return json(answer.status, answer.body);
      }
      if (url.endsWith('/menu')) return json(200, MENU);
      if (url.endsWith('/online-orders')) return json(200, [order([mapped ? line({ menuItemId: 'd-lah', unmapped: false }) : line()])]);
      return json(404, { error: 'yok' });
    }),
  );
}

/** The inbox as the page reads it: the card redraws from the query when the mapping is saved. */
function Inbox({ onAccept }: { onAccept(): void }) {
  const orders = useQuery(onlineOrdersQuery());
  return (
    <>
      {(orders.data ?? []).map((o) => (
        <OnlineOrderCard key={o.id} order={o} onAccept={onAccept} onReject={() => {}} />
      ))}
    </>
  );
}

function show() {
  const onAccept = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Inbox onAccept={onAccept} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onAccept, user: userEvent.setup() };
}

beforeEach(() => {
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  // a phone: the dish choice is the browser's own <select>
  stubTouchScreen();
});
afterEach(() => vi.unstubAllGlobals());

describe('Eşleştir on an inbox card', () => {
  it('marks the unmapped line in words, holds Onayla, and after the mapping the card updates and Onayla works', async () => {
    serve();
    const { onAccept, user } = show();
    const card = await screen.findByRole('article');
    const marked = within(card).getByTestId('unmapped-line');
    expect(marked).toHaveTextContent('Eşleşmemiş ürün');
    expect(marked).toHaveTextContent('Platform kodu: getir-p-lah');
    expect(within(card).getByText('Eşleşmemiş ürün var: önce eşleştirin, sonra onaylayın.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Onayla' })).toBeDisabled();

    // Eşleştir's code loads with the first order that needs it: the button comes a moment after the card
    await user.click(await within(card).findByRole('button', { name: 'Eşleştir: lahmacun' }));
    const select = within(card).getByRole('combobox', { name: 'lahmacun için Sofra ürünü' });
    expect(select.tagName).toBe('SELECT');
    // the dish of the same name (Turkish case aside) is offered first
    expect(await within(card).findByDisplayValue('Lahmacun')).toBe(select);
    await user.click(within(card).getByRole('button', { name: 'Eşleştir ve kaydet' }));

    expect(puts).toEqual([{ url: '/api/restaurants/r1/integrations/platforms/getir/products/getir-p-lah', body: { menuItemId: 'd-lah' } }]);
    await vi.waitFor(() => expect(within(card).queryByTestId('unmapped-line')).toBeNull());
    const accept = within(card).getByRole('button', { name: 'Onayla' });
    expect(accept).toBeEnabled();
    await user.click(accept);
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it('shows the server’s refusal and leaves the line unmapped', async () => {
    serve({ status: 404, body: { error: 'Ürün bulunamadı: bu restoranın menüsünde yok' } });
    const { user } = show();
    const card = await screen.findByRole('article');
    // Eşleştir's code loads with the first order that needs it: the button comes a moment after the card
    await user.click(await within(card).findByRole('button', { name: 'Eşleştir: lahmacun' }));
    await user.selectOptions(within(card).getByRole('combobox', { name: 'lahmacun için Sofra ürünü' }), 'Kıymalı Pide');
    await user.click(within(card).getByRole('button', { name: 'Eşleştir ve kaydet' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Ürün bulunamadı: bu restoranın menüsünde yok');
    expect(puts[0].body).toEqual({ menuItemId: 'd-pide' });
    expect(within(card).getByRole('button', { name: 'Onayla' })).toBeDisabled();
  });

  it('offers no Eşleştir once the order is answered: the line stays marked', async () => {
    serve();
    vi.mocked(fetch).mockImplementation(async () => new Response(JSON.stringify([{ ...order([line()]), status: 'rejected', rejectReason: 'dish_unavailable' }]), { status: 200 }));
    show();
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('unmapped-line')).toHaveTextContent('Eşleşmemiş ürün');
    expect(within(card).queryByRole('button', { name: /Eşleştir/ })).toBeNull();
  });
});
