import type { CourierBoardResponse } from '../../../src/shared/couriers-contract';
import type { Ticket } from '../../../src/shared/ticket-contract';
import { expect, test, type APIRequestContext } from '../fixtures';
import { DEMO, PHONE, expectAccessible, expectTouchTargets, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * Kurye Takibi start to finish (issue 24), on phones: the owner has a Paket Servis order the
 * kitchen made ready, adds a courier, gives the order to them and makes their link; the courier
 * opens the link on a second phone that shares its position, taps Aldım, Teslim Ettim and Ödeme
 * Alındı: Nakit; the owner's screen follows without a reload (position with its age, the order
 * delivered) and the ticket is closed with a cash payment. The owner then settles the courier's cash.
 */
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const HERE = { latitude: 40.9903, longitude: 29.0291, accuracy: 15 };

/** A Paket Servis order of one dish, sent and made ready by the kitchen, through the owner's API. */
async function readyDeliveryOrder(request: APIRequestContext, customer: string) {
  const sender = new Sender(request, await restaurantIdOf(request));
  const url = (p: string) => `/api/restaurants/${sender.restaurantId}${p}`;
  const opened = await request.post(url('/tickets'), { data: { type: 'delivery', customer: { name: customer, phone: '0532 123 45 67', address: 'Moda Cad. No 5, Kadıköy' } } });
  expect(opened.status(), await opened.text()).toBe(201);
  const [dish] = await sender.plainItems();
  const { ticket: sent } = await sender.send((await opened.json()) as Ticket, [{ name: dish.name, quantity: 1 }]);
  const ticket = (await (await request.get(url(`/tickets/${sent.id}`))).json()) as Ticket;
  for (const line of ticket.lines) {
    const ready = await request.post(url(`/kitchen/lines/${line.id}/status`), { data: { status: 'ready' } });
    expect(ready.ok(), await ready.text()).toBe(true);
  }
  return { restaurantId: sender.restaurantId, ticket };
}

test('a courier takes a ready Paket Servis order, shares the position, delivers it and takes cash; the owner follows live and settles', async ({ page, browser }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const run = Date.now().toString(36).slice(-5);
  const courierName = `Kurye ${run}`;
  const { restaurantId, ticket } = await readyDeliveryOrder(page.request, `Müşteri ${run}`);

  await page.goto('/owner/courier-tracking');
  await expect(page.getByRole('heading', { name: 'Kurye Takibi', level: 2 })).toBeVisible();

  // a new courier
  await page.getByLabel('Kurye adı').fill(courierName);
  await page.getByLabel('Telefon').fill('0533 111 22 33');
  await page.getByRole('button', { name: 'Kurye Ekle' }).click();
  const card = page.getByRole('article', { name: `Kurye ${courierName}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0 533 111 22 33');

  // the ready order goes to the courier
  const ready = page.getByRole('region', { name: 'Hazır paket siparişler' });
  await ready.getByRole('checkbox', { name: new RegExp(`^#${ticket.number} `) }).check();
  await ready.getByLabel('Kurye').selectOption({ label: courierName });
  await ready.getByRole('button', { name: 'Kuryeye ver' }).click();
  await expect(card).toContainText(`#${ticket.number}`);
  await expect(card).toContainText('Kuryeye verildi');

  // the courier's private link, as an address and a QR code
  await card.getByRole('button', { name: 'Bağlantı oluştur' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /QR kodu/ })).toBeVisible();
  const link = (await dialog.getByTestId('courier-link-url').textContent())!.trim();
  expect(link).toMatch(/\/kurye\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'Kurye bağlantısı');
  await dialog.getByRole('button', { name: 'Tamam' }).click();
  // axe reads the screen once the dialog has gone (a fading title has too little contrast)
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Bağlantı');
  await expectAccessible(page, 'Kurye Takibi');
  await expectTouchTargets(page, 'Kurye Takibi');

  // the courier's phone: a second browser with its position shared
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'tr-TR', geolocation: HERE, permissions: ['geolocation'] });
  try {
    const courier = await phone.newPage();
    await courier.goto(link);
    const order = courier.getByRole('article', { name: `Sipariş ${ticket.number}` });
    await expect(order).toContainText('Moda Cad. No 5');
    await expect(order.getByRole('link', { name: /Ara: 0 532 123 45 67/ })).toHaveAttribute('href', 'tel:+905321234567');
    await expect(order.getByRole('link', { name: /haritada aç/ })).toHaveAttribute('href', /^(geo:0,0\?q=|https:\/\/maps\.apple\.com)/);
    await expect(order).toContainText('Tahsil edilecek');
    await expectAccessible(courier, 'Kurye sayfası');
    await expectTouchTargets(courier, 'Kurye sayfası');

    await order.getByRole('button', { name: 'Aldım' }).click();
    await expect(order).toContainText('Yolda');
    await expect(courier.getByText('Konumunuz bu sayfa açıkken işletmeyle paylaşılıyor.')).toBeVisible();
    await order.getByRole('button', { name: 'Teslim Ettim' }).click();
    await expect(order).toContainText('Teslim edildi');
    // closing the order asks once, then waits a minute with Geri Al; Şimdi Kaydet sends it now
    await order.getByRole('button', { name: 'Nakit' }).click();
    await order.getByRole('button', { name: 'Evet' }).click();
    await expect(order.getByRole('button', { name: 'Geri Al' })).toBeVisible();
    await order.getByRole('button', { name: 'Şimdi Kaydet' }).click();
    await expect(courier.getByRole('status')).toContainText(`#${ticket.number}: Ödeme alındı (Nakit)`);
    await expect(order).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // the owner's screen followed: the position with its age, live; the order delivered with its time
  await expect(card.getByTestId('courier-position')).toContainText(/Canlı konum: (şimdi|\d+ sn önce)/);
  await expect(card).toContainText('Teslim edildi');
  await expect(card).toContainText('siparişten teslime');
  await expect(page.getByTestId('courier-plain-map')).toHaveAttribute('aria-label', new RegExp(`${courierName}: canlı`));
  const board = (await (await page.request.get(`/api/restaurants/${restaurantId}/couriers`)).json()) as CourierBoardResponse;
  const shown = board.couriers.find((c) => c.name === courierName)!;
  expect(shown.lastPosition).toMatchObject({ lat: HERE.latitude, lng: HERE.longitude });

  // the ticket is closed with one cash payment of its total
  const closed = (await (await page.request.get(`/api/restaurants/${restaurantId}/tickets/${ticket.id}`)).json()) as Ticket;
  expect(closed.status).toBe('closed');
  expect(closed.payments.map((p) => [p.method, p.amount])).toEqual([['cash', closed.totals.total]]);

  // the courier's cash, settled in one step
  await expect(card).toContainText('Kurye hesabı: 1 teslimat');
  await card.getByRole('button', { name: 'Hesabı kapat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Teslim aldım, hesabı kapat' }).click();
  await expect(card).toContainText('Kurye hesabı: 0 teslimat');
  await expect(card).toContainText('Bu vardiyada sipariş yok.');
});

// a 1×1 PNG: the tile server's answer (intercepted; no network needed)
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

test('with a tile server in Ayarlar the map is Leaflet, loaded on this screen only, with each courier named and aged', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  const settingsUrl = `/api/restaurants/${restaurantId}/settings/general`;
  const setTiles = async (mapTileUrl: string) => {
    const current = await page.request.get(settingsUrl);
    const res = await page.request.put(settingsUrl, { data: { ...(await current.json()), mapTileUrl }, headers: { 'if-match': current.headers().etag } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  let tiles = 0;
  await page.route('https://tiles.sofra.test/**', (route) => ((tiles += 1), route.fulfill({ status: 200, contentType: 'image/png', body: TILE })));
  const leaflet: string[] = [];
  page.on('request', (r) => /leaflet/.test(r.url()) && leaflet.push(r.url()));
  await setTiles('https://tiles.sofra.test/{z}/{x}/{y}.png');
  try {
    // a courier whose phone sent a position a moment ago
    const name = `Harita ${Date.now().toString(36).slice(-5)}`;
    const created = await page.request.post(`/api/restaurants/${restaurantId}/couriers`, { data: { name, phone: '0533 444 55 66' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const link = (await (await page.request.post(`/api/restaurants/${restaurantId}/couriers/${id}/link`, { data: {} })).json()) as { path: string };
    const sent = await page.request.post(`/api/courier/${link.path.split('/').pop()}/positions`, { data: { lat: 41.0369, lng: 28.985, accuracy: 20 } });
    expect(sent.status(), await sent.text()).toBe(204);

    await page.goto('/owner/orders');
    await expect(page.getByRole('main')).toBeVisible();
    expect(leaflet, 'Leaflet is not fetched by other screens').toEqual([]);
    await page.goto('/owner/courier-tracking');
    await expect(page.locator('.leaflet-container')).toBeVisible();
    const tip = page.locator('.leaflet-tooltip', { hasText: name });
    await expect(tip).toContainText(/canlı, (şimdi|\d+ sn önce)/);
    // the courier moves: the same dot and label follow (none drawn anew beside a fading old one)
    const tipId = await tip.getAttribute('id');
    const boardRead = page.waitForResponse((r) => r.url().endsWith(`/api/restaurants/${restaurantId}/couriers`) && r.request().method() === 'GET');
    const moved = await page.request.post(`/api/courier/${link.path.split('/').pop()}/positions`, { data: { lat: 41.05, lng: 29.01, accuracy: 20 } });
    expect(moved.status(), await moved.text()).toBe(204);
    await boardRead;
    // two frames: the new board drawn and the map's effect run
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(tip).toHaveCount(1);
    expect(await tip.getAttribute('id')).toBe(tipId);
    await expect.poll(() => tiles).toBeGreaterThan(0);
    expect(leaflet.length).toBeGreaterThan(0);
    await expect(page.getByTestId('courier-plain-map')).toHaveCount(0);
  } finally {
    await setTiles('');
  }
});
