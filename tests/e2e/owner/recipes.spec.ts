import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '../fixtures';
import { DEMO, PHONE_DEVICE, expectScreenRules, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * Reçete Raporu on a phone (390×844, touch: native selects): a dish of this spec's own gets a
 * recipe in the Reçeteler tab, a sale shows its use in the report; the recipe is changed, the next
 * sale uses the new one and the first keeps the old (history is never rewritten).
 */
test.use(PHONE_DEVICE);

async function sellOne(owner: Page, sender: Sender, dish: string) {
  const url = (p: string) => `/api/restaurants/${sender.restaurantId}${p}`;
  const { ticket } = await sender.send(await sender.openTakeaway('Reçete Testi'), [{ name: dish }]);
  const fresh = (await (await owner.request.get(url(`/tickets/${ticket.id}`))).json()) as { version: number; totals: { remaining: number } };
  const paid = await owner.request.post(url(`/tickets/${ticket.id}/payments`), { data: { method: 'cash', amount: fresh.totals.remaining } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { version } = (await paid.json()) as { version: number };
  const closed = await owner.request.post(url(`/tickets/${ticket.id}/close`), { data: { version } });
  expect(closed.ok(), await closed.text()).toBe(true);
}

test('a recipe edited in Reçeteler changes the report from the next sale on, on a phone', async ({ page: owner }) => {
  await loginAs(owner, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(owner.request);
  const url = (p: string) => `/api/restaurants/${restaurantId}${p}`;
  const suffix = randomUUID().slice(0, 6);
  const dish = `Reçete Çorbası ${suffix}`;
  const ingredientName = `Kırmızı mercimek ${suffix}`;
  const menu = (await (await owner.request.get(url('/menu'))).json()) as { categories: { id: string }[] };
  const created = await owner.request.post(url('/menu/items'), { data: { categoryId: menu.categories[0].id, name: dish, priceKurus: 10_000 } });
  expect(created.status(), await created.text()).toBe(201);
  const ingredient = await owner.request.post(url('/ingredients'), { data: { name: ingredientName, unit: 'kg', unitCost: 8_000 } });
  expect(ingredient.status(), await ingredient.text()).toBe(201);

  await owner.goto('/owner/recipe-report');
  await expect(owner.getByRole('heading', { name: 'Reçete Raporu', level: 2 })).toBeVisible();
  await expect(owner.getByLabel('Dönem')).toBeVisible();
  await expectScreenRules(owner, 'Reçete Raporu · Rapor', { isPhone: true });

  // Malzemeler: the ingredient is listed with its cost per kg
  await owner.getByRole('tab', { name: 'Malzemeler' }).click();
  const row = owner.getByRole('listitem').filter({ hasText: ingredientName });
  await expect(row).toContainText('80,00 TL / kg');
  await expectScreenRules(owner, 'Reçete Raporu · Malzemeler', { isPhone: true });
  await row.getByRole('button', { name: `${ingredientName}: Sayım` }).click();
  await owner.getByLabel('Sayılan miktar').fill('1,2345');
  await owner.getByRole('button', { name: 'Kaydet' }).click();
  await expect(owner.getByText('Miktar en çok 3 ondalıklı bir sayı olmalı (ör. 1,5)')).toBeVisible();
  await expectScreenRules(owner, 'Reçete Raporu · Sayım', { isPhone: true });
  await owner.getByLabel('Sayılan miktar').fill('5');
  await owner.getByRole('button', { name: 'Kaydet' }).click();
  await expect(row).toContainText('Stok: 5 kg');

  // Reçeteler: the new dish is flagged, then gets 150 g (in a kg ingredient)
  await owner.getByRole('tab', { name: 'Reçeteler' }).click();
  await owner.getByLabel('Ürün', { exact: true }).selectOption({ label: `${dish} · ${await categoryLabel(owner, dish)} (reçetesiz)` });
  const form = owner.getByRole('form', { name: `${dish} reçetesi` });
  await expect(owner.getByText('Reçetesiz', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Malzeme Ekle' }).click();
  await form.getByLabel('Malzeme', { exact: true }).selectOption({ label: ingredientName });
  await form.getByLabel('Miktar', { exact: true }).fill('150');
  await form.getByLabel('Birim', { exact: true }).selectOption('g');
  await form.getByRole('button', { name: 'Reçeteyi Kaydet' }).click();
  await expect(owner.getByText(/^Reçete v1 · 12,00 TL$/)).toBeVisible();
  await expectScreenRules(owner, 'Reçete Raporu · Reçeteler', { isPhone: true });

  const sender = new Sender(owner.request, restaurantId);
  await sellOne(owner, sender, dish);

  await owner.getByRole('tab', { name: 'Rapor' }).click();
  const usage = owner.getByRole('table', { name: 'Malzeme kullanımı' }).getByRole('row').filter({ hasText: ingredientName });
  await expect(usage).toContainText('0,15 kg');
  await expect(usage).toContainText('12,00 TL');

  // the recipe changes to 0,2 kg: the next sale uses it, the first keeps 150 g
  await owner.getByRole('tab', { name: 'Reçeteler' }).click();
  await owner.getByLabel('Ürün', { exact: true }).selectOption({ label: `${dish} · ${await categoryLabel(owner, dish)}` });
  await form.getByLabel('Miktar', { exact: true }).fill('0,2');
  await form.getByLabel('Birim', { exact: true }).selectOption('kg');
  await form.getByRole('button', { name: 'Reçeteyi Kaydet' }).click();
  await expect(owner.getByText(/^Reçete v2 · 16,00 TL$/)).toBeVisible();
  await sellOne(owner, sender, dish);

  await owner.getByRole('tab', { name: 'Rapor' }).click();
  await expect(usage).toContainText('0,35 kg');
  await expect(usage).toContainText('28,00 TL');
  const dishRow = owner.getByRole('table', { name: 'Ürünlere göre maliyet ve kâr' }).getByRole('row').filter({ hasText: dish });
  await expect(dishRow).toContainText('28,00 TL');
  const width = await owner.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

/** The category name the dish picker shows beside a dish. */
async function categoryLabel(owner: Page, dish: string) {
  const option = owner.getByLabel('Ürün', { exact: true }).locator('option', { hasText: dish });
  const text = (await option.textContent()) ?? '';
  return text.replace(`${dish} · `, '').replace(' (reçetesiz)', '');
}
