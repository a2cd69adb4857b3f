import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '../../../shared/menu-contract';
import { stubOwnerForm } from '../../test-support/browser-stubs';
import { menuItem } from '../../test-support/fixtures';
import { ItemFormModal } from './item-form-modal';
import { renderWithProviders } from '../../test-support/render';

const MENU: AdminMenu = {
  categories: [
    { id: 'c1', icon: '🍲', name: 'Çorbalar', sortOrder: 0, isVisible: true, version: 1 },
    { id: 'c2', icon: '🥤', name: 'İçecekler', sortOrder: 1, isVisible: true, version: 1 },
  ],
  items: [],
  optionGroups: [],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every write the form sent: method and body. */
const writes = () =>
  vi.mocked(fetch).mock.calls.flatMap(([, init]) => (init?.method && init.method !== 'GET' ? [{ method: init.method, body: JSON.parse(String(init.body)) }] : []));

beforeEach(() => {
  stubOwnerForm();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (!init?.method || init.method === 'GET') return json({ defaultVatRate: 10 });
      return json(menuItem({ id: 'new', ...JSON.parse(String(init.body)) }), 201);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function typeDish(name: string, price: string) {
  await userEvent.type(screen.getByLabelText(/Ürün adı/), name);
  await userEvent.type(screen.getByLabelText(/Fiyat/), price);
}

describe('adding a dish', () => {
  it('starts with no category and refuses to save until the owner picks one, the error on the field', async () => {
    renderWithProviders(<ItemFormModal menu={MENU} item={null} onClose={() => {}} />);
    const category = screen.getByPlaceholderText('Kategori seçin');
    expect(category).toHaveValue('');
    await typeDish('Mercimek Çorbası', '90');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bir kategori seçin')).toBeInTheDocument();
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);
  });

  it('asks before saving a price of 0,00 and sends the confirmation only once the owner says so', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ItemFormModal menu={MENU} item={null} categoryId="c2" onClose={onClose} />);
    await typeDish('Su', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(/Fiyatı 0,00 TL olarak kaydetmek istiyor musunuz\?/)).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '0,00 TL olarak kaydet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([{ method: 'POST', body: expect.objectContaining({ categoryId: 'c2', priceKurus: 0, allowZeroPrice: true }) }]);
  });

  it('saves a priced dish without asking', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ItemFormModal menu={MENU} item={null} categoryId="c1" onClose={onClose} />);
    await typeDish('Ezogelin', '85,50');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([{ method: 'POST', body: expect.not.objectContaining({ allowZeroPrice: expect.anything() }) }]);
    expect(screen.queryByText(/0,00 TL olarak kaydetmek/)).not.toBeInTheDocument();
  });
});
