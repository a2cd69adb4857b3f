import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { canHandOver } from './hand-over-button';
import { OnlineOrderCard } from './online-order-card';
import { onlineOrder } from '../../test-support/fixtures';

// the card asks canHandOver once each time it draws: counting its calls counts a card's renders
vi.mock('./hand-over-button', async (importOriginal) => {
  const original = await importOriginal<typeof import('./hand-over-button')>();
  return { ...original, canHandOver: vi.fn(original.canHandOver) };
});
const rendersOf = (id: string) => vi.mocked(canHandOver).mock.calls.filter(([o]) => o.id === id).length;

const RECEIVED = '2026-11-26T17:00:00Z';
const order = (over: Partial<OnlineOrderInfo> = {}): OnlineOrderInfo =>
  onlineOrder({
    externalId: 'G-77',
    items: [
      { menuItemId: 'm1', name: 'Mercimek', quantity: 2, unitPrice: 13_500, options: [{ optionId: 'p', groupName: 'Porsiyon', name: '1,5', price: 4500 }], note: 'Limonlu', total: 27_000, platformCode: null, unmapped: false },
    ],
    payment: { method: 'meal_card', brand: 'Multinet' },
    subtotal: 27_000,
    platformDiscount: 2000,
    total: 25_000,
    customerPays: 25_000,
    collectAtDoor: 25_000,
    note: 'Zili çalmayın',
    receivedAt: RECEIVED,
    ...over,
  });

/** The card as the inbox shows it, `waitedMs` after the order arrived (only the clock is faked: user events keep real timers). */
const show = (o: OnlineOrderInfo, waitedMs: number, handlers = { onAccept: vi.fn(), onReject: vi.fn() }) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse(RECEIVED) + waitedMs);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <OnlineOrderCard order={o} {...handlers} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return handlers;
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(canHandOver).mockClear();
});

describe('an online order card', () => {
  it('names its source in words beside the colour, and shows who, where, what, how paid and the platform discount apart', () => {
    show(order(), 5_000);
    const card = screen.getByRole('article', { name: 'Getir Yemek #G-77, Yeni' });
    expect(card).toHaveTextContent('Getir Yemek');
    expect(card).toHaveTextContent('Paket Servis');
    expect(card).toHaveTextContent('0 532 123 45 67');
    expect(card).toHaveTextContent('Adres: Moda Cad. No: 5');
    expect(card).toHaveTextContent('2× Mercimek (Porsiyon: 1,5)');
    expect(card).toHaveTextContent('Not: Limonlu');
    expect(card).toHaveTextContent('Kapıda yemek kartı (Multinet)');
    expect(card).toHaveTextContent('Platform indirimi: 20,00 TL');
    expect(card).toHaveTextContent('Toplam: 250,00 TL');
    expect(card).toHaveTextContent('En kısa sürede');
  });

  it('escalates the wait of an unanswered order in words, not only in colour', () => {
    show(order(), 45_000);
    expect(screen.getByTestId('order-wait')).toHaveTextContent('Yanıt bekliyor · Bekleme: 45 sn');
  });

  it('offers Onayla and Reddet while new, and neither once answered', async () => {
    const handlers = show(order(), 150_000);
    expect(screen.getByTestId('order-wait')).toHaveTextContent('Acil: gecikti');
    await userEvent.click(screen.getByRole('button', { name: 'Onayla' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reddet' }));
    expect(handlers.onAccept).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'o1' }));
    expect(handlers.onReject).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'o1' }));
  });

  it('shows the preparation time and the adisyon of an accepted order, and the reason of a rejected one', () => {
    show(order({ status: 'ready', prepMinutes: 20, answeredAt: RECEIVED, ticketId: 't1', ticketNumber: 12 }), 0);
    expect(screen.getByRole('article')).toHaveTextContent('Hazırlama: 20 dk');
    expect(screen.getByRole('article')).toHaveTextContent('Adisyon #12');
    expect(screen.queryByRole('button', { name: 'Onayla' })).toBeNull();
  });

  it('offers Teslim Edildi for an accepted order until it is handed over, and says when a platform cancelled', () => {
    show(order({ status: 'ready', type: 'takeaway', ticketId: 't1', ticketNumber: 12, prepMinutes: 20, answeredAt: RECEIVED }), 60_000);
    expect(screen.getByRole('button', { name: 'Teslim Edildi (müşteri aldı)' })).toBeInTheDocument();
    cleanup();
    show(order({ status: 'on_the_way', ticketId: 't1' }), 60_000);
    expect(screen.queryByRole('button', { name: /Teslim Edildi/ })).toBeNull();
    cleanup();
    show(order({ status: 'cancelled', rejectNote: 'Müşteri vazgeçti' }), 60_000);
    expect(screen.getByText('Platform iptal etti: Müşteri vazgeçti')).toBeInTheDocument();
  });
});

describe('a full inbox', () => {
  const client = new QueryClient();
  const handlers = { onAccept: vi.fn(), onReject: vi.fn() };
  /** The cards as the page passes them: the same two handlers every time. */
  const inbox = (orders: OnlineOrderInfo[]) => (
    <QueryClientProvider client={client}>
      <MantineProvider>
        {orders.map((o) => (
          <OnlineOrderCard key={o.id} order={o} {...handlers} />
        ))}
      </MantineProvider>
    </QueryClientProvider>
  );

  it('shows what a demo platform would have been sent for each step, folded; a real platform’s calls are not written down', () => {
    const sent = { at: RECEIVED, ok: true, status: null, error: null, note: 'Simülasyon: platforma gönderilmiş sayıldı' };
    const picked = { method: 'PUT', path: '/integrator/order/meal/suppliers/100200/packages/picked', headers: { 'user-agent': '100200 - SelfIntegration' }, body: { packageId: 'TY-1', preparationTime: 20 } };
    const delivery = (log: object[]) => ({ kind: 'accept', status: 'sent' as const, attempts: 1, lastError: null, nextAttemptAt: null, sentAt: RECEIVED, log: log as never });
    show(order({ status: 'accepted', deliveries: [delivery([{ ...sent, calls: [picked] }])] }), 1000);
    const folded = screen.getByTestId('platform-calls');
    expect(folded).toHaveTextContent('Onay: platforma giden 1 çağrı (simülasyon)');
    expect(folded).toHaveTextContent('PUT /integrator/order/meal/suppliers/100200/packages/picked');
    expect(folded).toHaveTextContent('"preparationTime": 20');
    cleanup();
    show(order({ status: 'accepted', deliveries: [delivery([{ ...sent, note: undefined, status: 200 }])] }), 1000);
    expect(screen.queryByTestId('platform-calls')).toBeNull();
  });

  it('draws again only the card whose order changed (a live event), not the others', () => {
    const a = order({ id: 'a', externalId: 'A-1', status: 'accepted' });
    const b = order({ id: 'b', externalId: 'B-1' });
    const { rerender } = render(inbox([a, b]));
    expect([rendersOf('a'), rendersOf('b')]).toEqual([1, 1]);
    // the refetch after a live event: the unchanged order keeps its object (the query's structural sharing)
    rerender(inbox([a, { ...b, status: 'accepted', version: 2 }]));
    expect([rendersOf('a'), rendersOf('b')]).toEqual([1, 2]);
    expect(screen.getByRole('article', { name: 'Getir Yemek #B-1, Onaylandı' })).toBeInTheDocument();
  });

  it('ticks only the wait of the waiting cards, with one clock, and escalates it; the cards themselves never draw again', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse(RECEIVED) + 25_000);
    render(inbox([order({ id: 'a', externalId: 'A-1', status: 'accepted' }), order({ id: 'b', externalId: 'B-1' }), order({ id: 'c', externalId: 'C-1', receivedAt: '2026-11-26T17:00:10Z' })]));
    const [b, c] = screen.getAllByTestId('order-wait');
    expect(b).toHaveTextContent('Yeni · Bekleme: 25 sn');
    expect(c).toHaveTextContent('Yeni · Bekleme: 15 sn');
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(b).toHaveTextContent('Yanıt bekliyor · Bekleme: 30 sn');
    expect(b).toHaveAttribute('data-urgency', 'warn');
    expect(c).toHaveTextContent('Yeni · Bekleme: 20 sn');
    act(() => vi.advanceTimersByTime(90_000));
    expect(b).toHaveTextContent('Acil: gecikti · Bekleme: 2 dk 00 sn');
    expect(b).toHaveAttribute('data-urgency', 'late');
    expect([rendersOf('a'), rendersOf('b'), rendersOf('c')]).toEqual([1, 1, 1]);
    cleanup();
    // no card waits any more: the clock stops
    expect(vi.getTimerCount()).toBe(0);
  });
});
