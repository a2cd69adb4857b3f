import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '../../../shared/menu-contract';
import { setUserSession } from '../../api/session';
import { menuItem } from '../../test-support/fixtures';
import { PriceChangeModal } from './price-change-modal';
import { renderWithProviders } from '../../test-support/render';

const MENU: AdminMenu = {
  categories: [{ id: 'c1', icon: '🥤', name: 'İçecekler', sortOrder: 0, isVisible: true, version: 1 }],
  items: [
    menuItem({ id: 'su', name: 'Su', priceKurus: 200 }),
    menuItem({ id: 'soda', name: 'Soda', priceKurus: 240 }),
    menuItem({ id: 'cay', name: 'Çay', priceKurus: 2000 }),
  ],
  optionGroups: [],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posts = () =>
  vi.mocked(fetch).mock.calls.flatMap(([url, init]) => (init?.method === 'POST' ? [{ url: String(url), body: JSON.parse(String(init.body)) }] : []));

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? json({ updated: 3 }) : json(MENU))));
});
afterEach(() => vi.unstubAllGlobals());

async function setChange(percent: string, rounding: string) {
  const field = screen.getByLabelText(/Değişim/);
  await userEvent.clear(field);
  await userEvent.type(field, percent);
  await userEvent.click(screen.getByLabelText(rounding));
}

describe('Toplu Fiyat', () => {
  it('asks before making dishes 0,00 TL, naming them, and sends the confirmation only once the owner says so', async () => {
    renderWithProviders(<PriceChangeModal menu={MENU} initialCategoryId="c1" onClose={() => {}} />);
    await setChange('-60', '5 TL');
    await userEvent.click(screen.getByRole('button', { name: 'Fiyatları Güncelle' }));

    const dialog = await screen.findByRole('dialog', { name: 'Fiyat 0,00 TL' });
    expect(within(dialog).getByText('2 ürünün fiyatı 0,00 TL olacak. Emin misiniz?')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Su', 'Soda']);
    expect(posts()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fiyat 0,00 TL' })).not.toBeInTheDocument());
    expect(posts()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Fiyatları Güncelle' }));
    await userEvent.click(await screen.findByRole('button', { name: '0,00 TL olarak kaydet' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      url: '/api/restaurants/r1/menu/categories/c1/price-change',
      body: { percent: -60, roundToKurus: 500, allowZeroPrice: true },
    });
    expect(await screen.findByText('3 ürünün fiyatı güncellendi.')).toBeInTheDocument();
  });

  it('changes prices that stay above 0 without asking', async () => {
    renderWithProviders(<PriceChangeModal menu={MENU} initialCategoryId="c1" onClose={() => {}} />);
    await setChange('10', 'Kuruşuna');
    await userEvent.click(screen.getByRole('button', { name: 'Fiyatları Güncelle' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ percent: 10, roundToKurus: 1 });
    expect(screen.queryByText(/0,00 TL olacak/)).not.toBeInTheDocument();
  });
});
