import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../../shared/menu-contract';
import { setUserSession } from '../../api/session';
import { CsvPanel } from './csv-panel';
import { renderWithProviders } from '../../test-support/render';

const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  applied: false,
  rowCount: 4,
  created: 2,
  updated: 2,
  unchanged: 0,
  newCategories: [],
  errors: [],
  zeroPriceItems: [],
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const imports = () =>
  vi.mocked(fetch).mock.calls.flatMap(([url, init]) => (init?.method === 'POST' ? [{ url: String(url), body: JSON.parse(String(init.body)) }] : []));

let zeroPriceItems: string[] = [];
beforeEach(() => {
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const isDryRun = String(url).includes('dryRun=1');
      return json(report({ dryRun: isDryRun, applied: !isDryRun, zeroPriceItems }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  zeroPriceItems = [];
});

const CSV = 'Kategori;Ürün Adı;Fiyat\r\nİçecekler;Su;0\r\nİçecekler;Soda;\r\nİçecekler;Ayran;0,00\r\nİçecekler;Çay;20\r\n';
async function chooseFile(container: HTMLElement) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([CSV], 'menu.csv', { type: 'text/csv' }));
  await screen.findByRole('region', { name: 'İçe aktarma önizlemesi' });
}

describe('CSV import', () => {
  it('asks before an import that makes dishes 0,00 TL, naming them, and confirms it to the server only when the owner says so', async () => {
    zeroPriceItems = ['Su', 'Soda', 'Ayran'];
    const { container } = renderWithProviders(<CsvPanel />);
    await chooseFile(container);
    expect(screen.getByText('Fiyatı 0,00 TL olacak ürünler: Su, Soda, Ayran')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'İçe Aktar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fiyat 0,00 TL' });
    expect(within(dialog).getByText('3 ürünün fiyatı 0,00 TL olacak. Emin misiniz?')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Su', 'Soda', 'Ayran']);
    expect(imports().map((i) => i.url)).toEqual(['/api/restaurants/r1/menu/import?dryRun=1']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fiyat 0,00 TL' })).not.toBeInTheDocument());
    expect(imports()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'İçe Aktar' }));
    await userEvent.click(await screen.findByRole('button', { name: '0,00 TL olarak kaydet' }));
    await waitFor(() => expect(imports()).toHaveLength(2));
    expect(imports()[1]).toEqual({ url: '/api/restaurants/r1/menu/import', body: { csv: CSV, allowZeroPrice: true } });
    expect(await screen.findByText(/ürün eklendi/)).toBeInTheDocument();
  });

  it('imports a file without free dishes at once, without the confirmation', async () => {
    const { container } = renderWithProviders(<CsvPanel />);
    await chooseFile(container);
    await userEvent.click(screen.getByRole('button', { name: 'İçe Aktar' }));
    await waitFor(() => expect(imports()).toHaveLength(2));
    expect(imports()[1].body).toEqual({ csv: CSV });
    expect(screen.queryByText(/0,00 TL olacak/)).not.toBeInTheDocument();
  });
});
