import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { OnlineOrderCard } from './online-order-card';

const RECEIVED = '2026-11-26T17:00:00Z';
const order = (over: Partial<OnlineOrderInfo> = {}): OnlineOrderInfo => ({
  id: 'o1',
  source: 'getir',
  externalId: 'G-77',
  status: 'new',
  type: 'delivery',
  customer: { name: 'Ayşe Yılmaz', phone: '+905321234567', address: 'Moda Cad. No: 5', lat: null, lng: null },
  items: [
    { menuItemId: 'm1', name: 'Mercimek', quantity: 2, unitPrice: 13_500, options: [{ optionId: 'p', groupName: 'Porsiyon', name: '1,5', price: 4500 }], note: 'Limonlu', total: 27_000, platformCode: null, unmapped: false },
  ],
  payment: { method: 'meal_card', brand: 'Multinet' },
  subtotal: 27_000,
  platformDiscount: 2000,
  total: 25_000,
  note: 'Zili çalmayın',
  expectedAt: null,
  prepMinutes: null,
  rejectReason: null,
  rejectNote: null,
  ticketId: null,
  ticketNumber: null,
  receivedAt: RECEIVED,
  answeredAt: null,
  version: 1,
  isTest: false,
  deliveries: [],
  ...over,
});

const show = (o: OnlineOrderInfo, waitedMs: number, handlers = { onAccept: vi.fn(), onReject: vi.fn() }) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <OnlineOrderCard order={o} now={Date.parse(RECEIVED) + waitedMs} {...handlers} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return handlers;
};

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
    expect(handlers.onAccept).toHaveBeenCalledOnce();
    expect(handlers.onReject).toHaveBeenCalledOnce();
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
