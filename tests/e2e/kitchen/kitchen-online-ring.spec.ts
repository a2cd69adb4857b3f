import { expect, test, type APIRequestContext } from '../fixtures';
import { DEMO, demoRestaurantId, expectAccessible, expectTouchTargets, loginAs } from '../helpers';
import { channelSecret, chimes, countChimes, postSignedOrder, rejectWaitingOrders } from '../helpers/online-orders';
import { Sender, restaurantIdOf } from './kitchen-helpers';

/*
 * "A new order rings and flashes on every owner screen (and the kitchen's, if Ayarlar says so), and
 * keeps ringing until someone answers it": the owner turns the kitchen's ring on in Ayarlar, an
 * order arrives through the restaurant's own channel, the kitchen screen flashes and rings, and the
 * owner's answer silences it. The setting is turned off again after it (the demo is shared).
 */

async function setKitchenRing(request: APIRequestContext, restaurantId: string, isOn: boolean) {
  const url = `/api/restaurants/${restaurantId}/settings/general`;
  const current = await request.get(url);
  const saved = await request.put(url, { data: { ...(await current.json()), kitchenRingsForOnlineOrders: isOn }, headers: { 'if-match': current.headers().etag } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

// After the test, even one that ran out of time (a `finally` inside it does not then run): an order
// left waiting would ring on every owner screen of the specs after it, and the setting is the demo's.
test.afterEach(async ({ request }) => {
  const restaurantId = await demoRestaurantId(request);
  await rejectWaitingOrders(request, restaurantId);
  await setKitchenRing(request, restaurantId, false);
});

test('with the setting on, an order waiting for the owner flashes and rings on the kitchen screen until the owner answers it', async ({ page, browser }) => {
  // two sign-ins, two screens' checks and an 11-second listen for silence
  test.setTimeout(150_000);
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  await rejectWaitingOrders(page.request, restaurantId);
  const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    // The owner turns it on in Ayarlar.
    await page.goto('/owner/settings');
    const toggle = page.getByRole('switch', { name: /^Yeni online siparişte mutfak ekranı da çalsın/ });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await expect(page.getByText('Ayarlar kaydedildi')).toBeVisible();

    const cook = await kitchenContext.newPage();
    await cook.addInitScript(countChimes);
    await loginAs(cook, DEMO.kitchen, '/kitchen');
    await cook.goto('/kitchen/orders');
    await expect(cook.getByRole('main').getByRole('heading', { name: 'Siparişler' })).toBeVisible();
    const banner = cook.getByTestId('kitchen-online-ring');
    await expect(banner).toBeHidden();
    const before = await chimes(cook);

    const [dish] = await new Sender(page.request, restaurantId).plainItems();
    const posted = await postSignedOrder(page.request, restaurantId, await channelSecret(page.request, restaurantId), {
      externalId: `WEB-K-${Date.now()}`,
      type: 'takeaway',
      customer: { name: 'Selin Ak', phone: '0532 444 55 66' },
      items: [{ menuItemId: dish.id, quantity: 1 }],
      payment: { method: 'online' },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    // Live, without a reload: the kitchen learns the count only, and it rings.
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('1 yeni online sipariş yanıt bekliyor — işletme sahibi onaylayacak');
    await expect(banner).not.toContainText('Selin Ak');
    await expect.poll(() => chimes(cook)).toBeGreaterThan(before);
    await expectAccessible(cook, 'Siparişler (online sipariş uyarısı)');
    await expectTouchTargets(cook, 'Siparişler (online sipariş uyarısı)');

    // The owner answers: the banner goes and the ringing stops.
    const rejected = await page.request.post(`/api/restaurants/${restaurantId}/online-orders/${(await posted.json()).orderId}/reject`, { data: { reason: 'too_busy' } });
    expect(rejected.ok()).toBe(true);
    await expect(banner).toBeHidden();
    const after = await chimes(cook);
    await cook.waitForTimeout(11_000);
    expect(await chimes(cook)).toBe(after);
  } finally {
    await kitchenContext.close();
  }
});
