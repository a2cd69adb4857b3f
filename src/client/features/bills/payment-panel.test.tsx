import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TOTALS, type Payment, type Ticket } from '../../../shared/ticket-contract';
import { setUserSession } from '../../api/session';
import { PaymentPanel } from './payment-panel';
import { newSplit, payButtonLabel, quickCash, splitState, tipNote } from './payment-logic';

const ticket = (total: number, payments: Payment[] = []): Ticket => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return {
    id: 't1', number: 8, type: 'table', tableId: 'x', tableName: 'Salon 3', status: 'open', guests: 3, waiterId: 'w', waiterName: 'Ayşe',
    customer: null, openedAt: '2026-11-25T12:00:00Z', billRequestedAt: null, state: 'open', version: 4 + payments.length, lines: [],
    totals: { ...EMPTY_TOTALS, subtotal: total, total, paid, remaining: total - paid },
    discount: null, payments, billNumber: null, closedAt: null,
  };
};
const cash = (id: string, amount: number): Payment => ({ id, method: 'cash', brand: null, amount, tip: 0, change: 0, customerName: null, lineIds: [], takenBy: null, takenByName: null, createdAt: '' });

describe('the split plan', () => {
  it('marks the shares the payments since the split took, keeps the rest as they were, and drops a split the bill no longer fits', () => {
    const plan = newSplit([3333, 3333, 3334], ticket(10000, [cash('old', 500)]));
    expect(splitState(plan, ticket(10500, [cash('old', 500)]))).toMatchObject({ next: 0, paidCount: 0 });
    const after = splitState(plan, ticket(10500, [cash('old', 500), cash('p1', 3333)]));
    expect(after).toEqual({ shares: [{ amount: 3333, isPaid: true }, { amount: 3333, isPaid: false }, { amount: 3334, isPaid: false }], next: 1, paidCount: 1 });
    // the odd kuruş share paid first: the two others stay 33,33
    expect(splitState(plan, ticket(10500, [cash('old', 500), cash('p1', 3334)]))?.shares.map((s) => s.isPaid)).toEqual([false, false, true]);
    // another amount paid, or what remains changed: split again
    expect(splitState(plan, ticket(10500, [cash('old', 500), cash('p1', 2000)]))).toBeNull();
    expect(splitState(plan, ticket(9500, [cash('old', 500)]))).toBeNull();
  });

  it('shows on the pay button what the card is charged: the amount with the tip', () => {
    expect(payButtonLabel('Kredi Kartı', 10_000, 1_000)).toBe('Kredi Kartı ile Öde · 110,00 TL');
    expect(tipNote(10_000, 1_000)).toBe('100,00 TL + 10,00 TL bahşiş');
    expect(tipNote(10_000, 0)).toBeNull();
    expect(payButtonLabel('Nakit', 10_000, 0)).toBe('Nakit ile Öde · 100,00 TL');
    expect(payButtonLabel('Nakit', 0, 0)).toBe('Nakit ile Öde');
  });

  it('offers the exact amount and the notes that cover it', () => {
    expect(quickCash(40050)).toEqual([{ value: 40050, isExact: true }, ...[41000, 45000, 50000, 100000].map((value) => ({ value, isExact: false }))]);
    expect(quickCash(4000).map((c) => c.value)).toEqual([4000, 5000, 10000, 20000, 50000]);
    // the next round sums above the total, not only the notes below 500 TL
    expect(quickCash(94000).map((c) => c.value)).toEqual([94000, 95000, 100000, 150000, 200000]);
    expect(quickCash(84750).map((c) => c.value)).toEqual([84750, 85000, 90000, 100000, 150000]);
    expect(quickCash(100000).map((c) => c.value)).toEqual([100000, 150000, 200000, 250000]);
  });
});

function draw(t: Ticket, { methods = ['cash', 'card'] as Ticket['payments'][number]['method'][], brands = [] as string[] } = {}) {
  const onPay = vi.fn(async () => null);
  const ui = (tt: Ticket) => (
    <MantineProvider>
      <PaymentPanel ticket={tt} methods={methods} brands={brands} busy={false} onPay={onPay} />
    </MantineProvider>
  );
  const view = render(ui(t));
  return { onPay, user: userEvent.setup(), rerender: (tt: Ticket) => view.rerender(ui(tt)) };
}

beforeEach(() => {
  // jsdom has no scrolling: a marked field scrolls into view on a phone
  Element.prototype.scrollIntoView ??= () => {};
  setUserSession({ uid: 'u', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' });
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ remaining: 10000, shares: [3333, 3333, 3334] }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Eşit Böl across payments', () => {
  it('after the first of three shares is paid in cash, the next share is Pay 2 / 3 of 33,33 TL and the last keeps its odd kuruş', async () => {
    const { onPay, user, rerender } = draw(ticket(10000));
    await user.click(screen.getByRole('button', { name: 'Eşit Böl' }));
    await user.click(screen.getByRole('button', { name: '3 kişiye böl' }));
    expect(await screen.findByTestId('split-share')).toHaveTextContent('Pay 1 / 3 · 33,33 TL');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenLastCalledWith({ method: 'cash', amount: 3333 });

    rerender(ticket(10000, [cash('p1', 3333)]));
    expect(screen.getByTestId('split-share')).toHaveTextContent('Pay 2 / 3 · 33,33 TL');
    expect(screen.getByRole('button', { name: /1\. pay: 33,33 TL · ✓ Ödendi/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: '3. pay: 33,34 TL' })).toBeEnabled();
    expect(screen.getByTestId('take-payment')).toHaveTextContent('Nakit ile Öde · 33,33 TL');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenLastCalledWith({ method: 'cash', amount: 3333 });

    rerender(ticket(10000, [cash('p1', 3333), cash('p2', 3333)]));
    expect(screen.getByTestId('split-share')).toHaveTextContent('Pay 3 / 3 · 33,34 TL');
  });
});

describe('cash below the amount due', () => {
  it('says what is missing, keeps the amount on the pay button, and takes a part payment only on purpose', async () => {
    const { onPay, user } = draw(ticket(40050));
    await user.type(screen.getByTestId('cash-given'), '100');
    expect(screen.getByText('300,50 TL eksik')).toBeInTheDocument();
    expect(screen.getByTestId('take-payment')).toHaveTextContent('Nakit ile Öde · 400,50 TL');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Kısmi ödeme olarak al · 100,00 TL' }));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ method: 'cash', amount: 10000 }));
  });

  it('offers quick cash for the exact amount and the notes above it, and shows the change', async () => {
    const { onPay, user } = draw(ticket(40050));
    const quick = screen.getByRole('group', { name: 'Hızlı nakit' });
    expect([...quick.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Tam tutar · 400,50 TL',
      '410,00 TL',
      '450,00 TL',
      '500,00 TL',
      '1.000,00 TL',
    ]);
    await user.click(screen.getByRole('button', { name: '500,00 TL' }));
    expect(screen.getByTestId('cash-change')).toHaveTextContent('99,50 TL');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenCalledWith({ method: 'cash', amount: 40050, given: 50000 });
  });
});

describe('a payment in few taps', () => {
  it('splits into three with one tap on ÷ 3, with no count to type', async () => {
    const { onPay, user } = draw(ticket(10000));
    await user.click(screen.getByRole('button', { name: 'Eşit paylar: 3 kişi' }));
    expect(await screen.findByTestId('split-share')).toHaveTextContent('Pay 1 / 3 · 33,33 TL');
    expect(String(vi.mocked(fetch).mock.calls.at(-1)?.[0])).toContain('/split?shares=3');
    // no count field to fill: it comes with Eşit Böl itself, for other counts
    expect(screen.queryByLabelText('Kişi sayısı')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenLastCalledWith({ method: 'cash', amount: 3333 });
  });

  it('takes the meal card brand with one tap on its button, and says when none is chosen', async () => {
    const { onPay, user } = draw(ticket(10000), { methods: ['cash', 'meal_card'], brands: ['Multinet', 'Pluxee'] });
    await user.click(screen.getByRole('button', { name: 'Yemek Kartı' }));
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getByText('Yemek kartı markası seçin')).toBeInTheDocument();
    const brands = screen.getByRole('group', { name: 'Yemek kartı markası' });
    await user.click(within(brands).getByRole('button', { name: 'Pluxee' }));
    expect(within(brands).getByRole('button', { name: '✓ Pluxee' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenLastCalledWith({ method: 'meal_card', amount: 10000, brand: 'Pluxee' });
  });

  it('keeps the tip folded behind "+ Bahşiş ekle" until it is wanted', async () => {
    const { onPay, user } = draw(ticket(10000), { methods: ['card'] });
    expect(screen.queryByLabelText('Bahşiş (TL, isteğe bağlı)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Bahşiş ekle' }));
    await user.type(screen.getByLabelText('Bahşiş (TL, isteğe bağlı)'), '20');
    await user.click(screen.getByTestId('take-payment'));
    expect(onPay).toHaveBeenLastCalledWith({ method: 'card', amount: 10000, tip: 2000 });
  });
});
