import type { CourierBoardResponse } from '../../../src/shared/couriers-contract';
import { formatTL } from '../../../src/shared/domain/money';
import type { OnlineOrderInfo } from '../../../src/shared/online-orders-contract';
import { expect, test, type APIRequestContext } from '../fixtures';
import { DEMO, PHONE, expectAccessible, expectTouchTargets, loginAs } from '../helpers';
import { chimes, countChimes } from '../helpers/online-orders';
import { restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * A platform order's whole journey (issue 24), on phones: the owner presses Ayarlar > Deneme
 * Siparişleri > "Yemeksepeti'den deneme siparişi"; the sample comes in through Yemeksepeti's real
 * webhook path, rings and flashes on the owner's screen, is accepted with a preparation time, shows
 * on the kitchen screen with Yemeksepeti's order number and is made ready there; the owner gives it
 * to a courier on Kurye Takibi, whose phone (a second browser sharing its position) taps Aldım,
 * Teslim Ettim and Ödeme Alındı: Nakit (the amount holds the delivery fee); the owner's map and list show the position with its age and
 * the order delivered, and Online Sipariş Takibi says Teslim Edildi. The answers to the simulated
 * platform are counted as sent without a network call.
 */
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const HERE = { latitude: 40.9871, longitude: 29.0282, accuracy: 12 };

async function inboxOrder(request: APIRequestContext, restaurantId: string, orderId: string) {
  const res = await request.get(`/api/restaurants/${restaurantId}/online-orders`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OnlineOrderInfo[]).find((o) => o.id === orderId)!;
}

test('a simulated Yemeksepeti order rings, is accepted, cooked, taken by a courier who shares the position and collects cash, and ends delivered on every owner screen', async ({ page, browser }) => {
  await page.addInitScript(countChimes);
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  // an order another spec left unanswered would ring too: answer those first
  const open = (await (await page.request.get(`/api/restaurants/${restaurantId}/online-orders?status=new`)).json()) as { id: string }[];
  for (const o of open) await page.request.post(`/api/restaurants/${restaurantId}/online-orders/${o.id}/reject`, { data: { reason: 'too_busy' } });

  await page.goto('/owner/settings');
  const section = page.getByRole('region', { name: 'Deneme Siparişleri' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('hiçbir platforma bağlanılmaz');
  for (const label of ["Yemeksepeti'den", "Getir Yemek'ten", "Trendyol Yemek'ten", 'Kendi Kanalımızdan']) {
    await expect(section.getByRole('button', { name: `${label} deneme siparişi` })).toBeVisible();
  }
  await section.scrollIntoViewIfNeeded();
  await expectTouchTargets(page, 'Ayarlar: Deneme Siparişleri');
  const before = await chimes(page);

  // the button sends a realistic mix; this journey needs the cash-at-the-door kind, so the press's
  // request asks for it (the simulator's `payment`), everything else as the button sends it
  await page.route('**/online-orders/simulate', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), payment: 'cash' }) });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/online-orders/simulate') && r.request().method() === 'POST');
  await section.getByRole('button', { name: "Yemeksepeti'den deneme siparişi" }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(201);
  const { orderId, externalId } = (await response.json()) as { orderId: string; externalId: string };
  expect(externalId).toMatch(/^YS-\d{4}-\d{4}$/);
  await expect(section.getByRole('status')).toContainText(`Yemeksepeti siparişi geldi: #${externalId}`);
  await expectTouchTargets(page, 'Ayarlar: Deneme Siparişleri, sonuç');

  // it rings and flashes on the screen the owner is on, without a reload
  const banner = page.getByTestId('online-orders-banner');
  await expect(banner).toContainText('1 yeni online sipariş yanıt bekliyor');
  await expect.poll(() => chimes(page)).toBeGreaterThan(before);

  await banner.getByRole('link', { name: 'Siparişlere git' }).click();
  await expect(page).toHaveURL(/\/owner\/online-takip$/);
  const card = page.getByRole('article', { name: new RegExp(`#${externalId}`) });
  await expect(card).toContainText('Yemeksepeti');
  await expect(card).toContainText('Kapıda nakit');
  const order = await inboxOrder(page.request, restaurantId, orderId);
  for (const item of order.items) await expect(card).toContainText(`${item.quantity}× ${item.name}`);
  await expect(card).toContainText(order.customer.name);

  await card.getByRole('button', { name: 'Onayla' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '20 dk ile onayla' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Sipariş onaylandı');
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(banner).toBeHidden();
  // Yemeksepeti "heard" the acceptance: the simulated platform's call is counted as sent, no network
  await expect
    .poll(async () => (await inboxOrder(page.request, restaurantId, orderId)).deliveries.find((d) => d.kind === 'accept'))
    .toMatchObject({ status: 'sent', log: [{ ok: true, note: 'Simülasyon: platforma gönderilmiş sayıldı' }] });

  // the kitchen sees it live with Yemeksepeti's order number, and makes every card of it ready
  const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const cook = await kitchenContext.newPage();
    await loginAs(cook, DEMO.kitchen, '/kitchen');
    await cook.goto('/kitchen/orders');
    const kitchenCards = cook.locator('[data-testid="kitchen-card"]', { hasText: `#${externalId}` });
    await expect(kitchenCards.first()).toBeVisible();
    await expect(kitchenCards.first()).toContainText(order.customer.name);
    // one card per station (a drink goes to the bar): each is marked ready
    while ((await kitchenCards.count()) > 0) {
      const count = await kitchenCards.count();
      await kitchenCards.first().getByRole('button', { name: 'Tümü Hazır' }).click();
      await expect(kitchenCards).toHaveCount(count - 1);
    }
  } finally {
    await kitchenContext.close();
  }
  await expect(card).toHaveAttribute('data-status', 'ready');
  const ticketNumber = (await inboxOrder(page.request, restaurantId, orderId)).ticketNumber!;
  expect(ticketNumber).toBeGreaterThan(0);

  // Kurye Takibi: a new courier gets the ready order and a private link
  const courierName = `Kurye ${Date.now().toString(36).slice(-5)}`;
  await page.goto('/owner/courier-tracking');
  await page.getByLabel('Kurye adı').fill(courierName);
  await page.getByLabel('Telefon').fill('0533 222 33 44');
  await page.getByRole('button', { name: 'Kurye Ekle' }).click();
  const courierCard = page.getByRole('article', { name: `Kurye ${courierName}` });
  await expect(courierCard).toBeVisible();
  const ready = page.getByRole('region', { name: 'Hazır paket siparişler' });
  await ready.getByRole('checkbox', { name: new RegExp(`^#${ticketNumber} `) }).check();
  await ready.getByLabel('Kurye').selectOption({ label: courierName });
  await ready.getByRole('button', { name: 'Kuryeye ver' }).click();
  await expect(courierCard).toContainText(`#${ticketNumber}`);
  await courierCard.getByRole('button', { name: 'Bağlantı oluştur' }).click();
  const linkDialog = page.getByRole('dialog');
  const link = (await linkDialog.getByTestId('courier-link-url').textContent())!.trim();
  await linkDialog.getByRole('button', { name: 'Tamam' }).click();
  await expect(linkDialog).toBeHidden();

  // the courier's phone: a second browser with its position shared
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'tr-TR', geolocation: HERE, permissions: ['geolocation'] });
  try {
    const courier = await phone.newPage();
    await courier.goto(link);
    const trip = courier.getByRole('article', { name: `Sipariş ${ticketNumber}` });
    await expect(trip).toContainText(order.customer.address!.split(',')[0]);
    // the payment at the door with the amount (the food and our courier's delivery fee, which is a
    // line of the bill), and what to bring (cash: change)
    expect(order.deliveryFee).toBeGreaterThan(0);
    await expect(trip).toContainText(`Kapıda nakit: ${formatTL(order.customerPays)}`);
    await expect(trip).toContainText(`Teslimat ücreti ${formatTL(order.deliveryFee)} bu tutarın içinde`);
    await expect(trip).toContainText('Para üstü götürün');
    await expectAccessible(courier, 'Kurye sayfası (platform siparişi)');
    await trip.getByRole('button', { name: 'Aldım' }).click();
    await expect(trip).toContainText('Yolda');
    await trip.getByRole('button', { name: 'Teslim Ettim' }).click();
    await expect(trip).toContainText('Teslim edildi');
    await trip.getByRole('button', { name: 'Nakit' }).click();
    await trip.getByRole('button', { name: 'Evet' }).click();
    await trip.getByRole('button', { name: 'Şimdi Kaydet' }).click();
    await expect(courier.getByRole('status')).toContainText(`#${ticketNumber}: Ödeme alındı (Nakit)`);
    await expect(trip).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // the owner's map and list followed: the position with its age, the order delivered
  await expect(courierCard.getByTestId('courier-position')).toContainText(/Canlı konum: (şimdi|\d+ sn önce)/);
  await expect(courierCard).toContainText('Teslim edildi');
  await expect(page.getByTestId('courier-plain-map')).toHaveAttribute('aria-label', new RegExp(`${courierName}: canlı`));
  const board = (await (await page.request.get(`/api/restaurants/${restaurantId}/couriers`)).json()) as CourierBoardResponse;
  expect(board.couriers.find((c) => c.name === courierName)!.lastPosition).toMatchObject({ lat: HERE.latitude, lng: HERE.longitude });

  // and Online Sipariş Takibi says Teslim Edildi
  await page.goto('/owner/online-takip');
  const delivered = page.getByRole('article', { name: new RegExp(`#${externalId}`) });
  await expect(delivered).toHaveAttribute('data-status', 'delivered');
  await expect(delivered).toContainText('Teslim Edildi');
});
