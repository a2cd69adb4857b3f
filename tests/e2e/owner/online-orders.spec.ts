import { expect, test } from '../fixtures';
import { DEMO, PHONE, expectAccessible, expectTouchTargets, loginAs } from '../helpers';
import { channelSecret, chimes, countChimes, postSignedOrder, rejectWaitingOrders } from '../helpers/online-orders';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * Online Sipariş Takibi (issue 24) on a phone: an order signed as docs/integrations.md tells an integrator
 * arrives through the restaurant's own channel while the owner is on another screen; it rings and
 * the banner flashes there, the owner opens the inbox, accepts it with a preparation time, and the
 * kitchen screen shows it with the channel's order number.
 */
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('a signed order from the restaurant’s own channel rings on another owner screen, is accepted with a preparation time and reaches the kitchen', async ({ page, browser }) => {
  await page.addInitScript(countChimes);
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  // an order another run left unanswered would ring too: answer those first
  await rejectWaitingOrders(page.request, restaurantId);

  await page.goto('/owner/acik-masalar');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Açık Masalar' })).toBeVisible();
  const before = await chimes(page);

  const secret = await channelSecret(page.request, restaurantId);
  const [dish] = await new Sender(page.request, restaurantId).plainItems();
  const externalId = `WEB-${Date.now()}`;
  const posted = await postSignedOrder(page.request, restaurantId, secret, {
    externalId,
    type: 'delivery',
    customer: { name: 'Zeynep Kaya', phone: '0532 111 22 33', address: 'Bağdat Cad. No: 10 D: 4, Kadıköy' },
    items: [{ menuItemId: dish.id, quantity: 2, note: 'Soğansız' }],
    payment: { method: 'meal_card', brand: 'Multinet' },
    note: 'Kapıda arayın',
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // It rings and flashes on the screen the owner is on, without a reload.
  const banner = page.getByTestId('online-orders-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('1 yeni online sipariş yanıt bekliyor');
  await expect.poll(() => chimes(page)).toBeGreaterThan(before);

  await banner.getByRole('link', { name: 'Siparişlere git' }).click();
  await expect(page).toHaveURL(/\/owner\/online-takip$/);
  const card = page.getByRole('article', { name: new RegExp(`#${externalId}`) });
  await expect(card).toContainText('Kendi Kanalımız');
  await expect(card).toContainText('Zeynep Kaya');
  await expect(card).toContainText('Bağdat Cad. No: 10 D: 4, Kadıköy');
  await expect(card).toContainText(`2× ${dish.name}`);
  await expect(card).toContainText('Soğansız');
  await expect(card).toContainText('Kapıda yemek kartı (Multinet)');
  await expect(card.getByTestId('order-wait')).toContainText('Bekleme');
  await expectAccessible(page, 'Online Sipariş Takibi');
  await expectTouchTargets(page, 'Online Sipariş Takibi');

  await card.getByRole('button', { name: 'Onayla' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`#${externalId}`);
  await dialog.getByRole('button', { name: '20 dk ile onayla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Sipariş onaylandı');
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(card).toContainText('Hazırlama: 20 dk');
  await expect(banner).toBeHidden();

  // The kitchen sees it live, with the channel's order number on the card.
  const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const cook = await kitchenContext.newPage();
  await loginAs(cook, DEMO.kitchen, '/kitchen');
  await cook.goto('/kitchen/orders');
  const kitchenCard = cook.locator('[data-testid="kitchen-card"]', { hasText: `#${externalId}` });
  await expect(kitchenCard).toBeVisible();
  await expect(kitchenCard).toContainText(dish.name);
  await expect(kitchenCard).toContainText('Soğansız');
  await kitchenContext.close();
});

test('a phone order: the number brings back the customer’s earlier name and address, and saving sends it to the kitchen at once', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  const [dish] = await new Sender(page.request, restaurantId).plainItems();
  // an earlier order of this number, answered, gives the lookup its name and address
  const earlier = await postSignedOrder(page.request, restaurantId, await channelSecret(page.request, restaurantId), {
    externalId: `WEB-${Date.now()}`,
    type: 'delivery',
    customer: { name: 'Deniz Ak', phone: '+90 532 999 88 77', address: 'Eski Adres Sok. No: 1, Üsküdar' },
    items: [{ menuItemId: dish.id, quantity: 1 }],
    payment: { method: 'online' },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  const rejected = await page.request.post(`/api/restaurants/${restaurantId}/online-orders/${(await earlier.json()).orderId}/reject`, { data: { reason: 'closed' } });
  expect(rejected.ok()).toBe(true);

  await page.goto('/owner/online-takip');
  await page.getByRole('button', { name: 'Telefon Siparişi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Telefon Siparişi' });
  await dialog.getByLabel('Telefon').fill('0532 999 88 77');
  await expect(dialog.getByRole('textbox', { name: 'Müşteri adı' })).toHaveValue('Deniz Ak');
  await expect(dialog.getByRole('textbox', { name: 'Adres' })).toHaveValue('Eski Adres Sok. No: 1, Üsküdar');
  await dialog.getByRole('combobox', { name: 'Ürün', exact: true }).selectOption(dish.id);
  await dialog.getByRole('button', { name: 'Siparişe ekle' }).click();
  await dialog.getByRole('button', { name: `${dish.name}: bir artır` }).click();
  await expect(dialog).toContainText(`2× ${dish.name}`);
  await expectAccessible(page, 'Telefon Siparişi');
  await expectTouchTargets(page, 'Telefon Siparişi');
  await dialog.getByRole('button', { name: 'Kaydet ve mutfağa gönder' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Telefon siparişi kaydedildi');
  const card = page.getByRole('article', { name: /^Telefon #T-\d+, Onaylandı$/ }).first();
  await expect(card).toContainText('Deniz Ak');
  await expect(card).toContainText(`2× ${dish.name}`);
  await expect(page.getByTestId('online-orders-banner')).toBeHidden();
});

test('while an order waits, its banner never covers an open dialog’s buttons', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  const [dish] = await new Sender(page.request, restaurantId).plainItems();
  try {
    const posted = await postSignedOrder(page.request, restaurantId, await channelSecret(page.request, restaurantId), {
      externalId: `WEB-D-${Date.now()}`,
      type: 'takeaway',
      customer: { name: 'Ece Tan', phone: '0532 777 88 99' },
      items: [{ menuItemId: dish.id, quantity: 1 }],
      payment: { method: 'online' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await page.goto('/owner/menu-management');
    const banner = page.getByTestId('online-orders-banner');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
    // the dialog's last button, at the bottom where the banner stands: a covered button fails the
    // click's hit test (the banner would take the tap)
    await dialog.getByRole('button', { name: 'Vazgeç' }).click({ timeout: 10_000 });
    await expect(dialog).toBeHidden();
    await expect(banner).toBeVisible();
  } finally {
    await rejectWaitingOrders(page.request, restaurantId);
  }
});
