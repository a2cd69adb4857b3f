import { expect, test, type Locator } from '../fixtures';
import { formatTL } from '../../../src/shared/domain/money';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectScreenRules, loginAs } from '../helpers';

test.use(PHONE_DEVICE);

interface Summary {
  id: string;
  number: number;
  type: string;
  sectionId: string | null;
  waiterName: string | null;
  state: string;
  total: number;
}

async function choose(select: Locator, label: string) {
  await expect(select).toHaveJSProperty('tagName', 'SELECT');
  await select.tap();
  await select.selectOption({ label });
}

test('Açık Masalar on a phone: every open ticket with the sum; filters by state, section and waiter (native selects); a tap opens the adisyon', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  await request.post(`/api/restaurants/${rid}/tickets`, { data: { type: 'delivery', customer: { name: 'Filtre Testi', phone: '0532 111 22 33', address: 'Moda Cd. 1' } } });
  const open = (await (await request.get(`/api/restaurants/${rid}/tickets?status=open`)).json()) as Summary[];
  const sum = (list: Summary[]) => `${list.length} açık adisyon · Toplam ${formatTL(list.reduce((s, t) => s + t.total, 0))}`;

  await loginAs(page, DEMO.owner, '/owner');
  await expect(page.getByRole('heading', { name: 'Açık Masalar' })).toBeVisible();
  await expect(page.getByTestId('open-sum')).toHaveText(sum(open));
  await expect(page.getByTestId('open-ticket')).toHaveCount(open.length);
  await expectScreenRules(page, 'Açık Masalar', { isPhone: true });

  // Tickets without a table (Gel-Al, Paket Servis) are a "section" of their own.
  await choose(page.getByRole('combobox', { name: 'Bölüm' }), 'Gel-Al / Paket Servis');
  const untabled = open.filter((t) => t.sectionId === null);
  await expect(page.getByTestId('open-sum')).toHaveText(sum(untabled));
  await expect(page.getByTestId('open-ticket').filter({ hasText: 'Paket Servis · Filtre Testi' })).toBeVisible();

  await choose(page.getByRole('combobox', { name: 'Durum' }), 'Dolu');
  await expect(page.getByTestId('open-sum')).toHaveText(sum(untabled.filter((t) => t.state === 'open')));
  await choose(page.getByRole('combobox', { name: 'Bölüm' }), 'Tüm bölümler');
  await choose(page.getByRole('combobox', { name: 'Durum' }), 'Tüm durumlar');
  await choose(page.getByRole('combobox', { name: 'Garson' }), open.find((t) => t.waiterName)!.waiterName!);
  await expect(page.getByTestId('open-sum')).toHaveText(sum(open.filter((t) => t.waiterName === open.find((x) => x.waiterName)!.waiterName)));
  await choose(page.getByRole('combobox', { name: 'Garson' }), 'Tüm garsonlar');

  await page.getByTestId('open-ticket').filter({ hasText: 'Filtre Testi' }).tap();
  await expect(page).toHaveURL(/\/owner\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: /Paket Servis · Filtre Testi/ })).toBeVisible();
  await expect(page.getByText('Moda Cd. 1')).toBeVisible();
});
