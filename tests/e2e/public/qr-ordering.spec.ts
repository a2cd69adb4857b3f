import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures';
import { DEMO, DEMO_PASSWORD, PHONE, expectTouchTargets, loginAs } from '../helpers';
import { chimes, countChimes } from '../helpers/online-orders';

/**
 * QR Sipariş end to end (issue 39): a guest orders from the table's QR code on a phone, the table's
 * waiter hears it and answers with one tap, the kitchen gets one card, and the guest's page follows
 * the order until it is served. The demo restaurant has ordering on, confirmed by the waiter.
 */

interface Table {
  id: string;
  name: string;
  token: string;
}

/** The owner's view of the free tables with their QR tokens (the codes printed on the table cards). */
async function freeTablesWithTokens(request: APIRequestContext): Promise<{ restaurantId: string; tables: Table[] }> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.owner, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { restaurantId } = await login.json();
  const tokens = (await (await request.get(`/api/restaurants/${restaurantId}/tables/qr-tokens`)).json()) as { tables: { tableId: string; token: string }[] };
  const floor = (await (await request.get(`/api/restaurants/${restaurantId}/floor`)).json()) as {
    sections: { tables: { id: string; name: string; ticketId: string | null }[] }[];
  };
  const tables = [...floor.sections]
    .reverse()
    .flatMap((s) => s.tables)
    .filter((t) => t.ticketId === null)
    .map((t) => ({ id: t.id, name: t.name, token: tokens.tables.find((x) => x.tableId === t.id)!.token }));
  return { restaurantId, tables };
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

async function signedIn(browser: Browser, email: string, home: string, viewport = PHONE) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.addInitScript(countChimes);
  await loginAs(page, email, home);
  return page;
}

async function addDish(guest: Page, name: string, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await guest.getByRole('button', { name: `${name} ekle` }).click();
  const dialog = guest.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await choose(dialog);
  await dialog.getByRole('button', { name: /^Sepete Ekle/ }).click();
  await expect(dialog).toBeHidden();
}

test.describe('QR Sipariş', () => {
  test('a guest orders two dishes with options from the table’s QR, the waiter confirms, the kitchen gets one card, the guest sees it to the table', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { restaurantId, tables } = await freeTablesWithTokens(request);
    const table = tables[0];
    const waiter = await signedIn(browser, DEMO.waiter, '/waiter');
    const guest = await phonePage(browser);
    await guest.goto(`/menu/${restaurantId}?masa=${table.token}`);
    await expect(guest.locator('.menu-table')).toHaveText(`Masa: ${table.name}`);

    // A required group is enforced on the group itself; add-on prices are shown.
    await guest.getByRole('button', { name: 'Adana Kebap ekle' }).click();
    const adana = guest.getByRole('dialog', { name: 'Adana Kebap' });
    await expect(adana).toContainText('+150,00 ₺');
    await adana.getByRole('button', { name: /^Sepete Ekle/ }).click();
    await expect(adana.getByRole('group', { name: /Porsiyon/ })).toContainText('Porsiyon seçin');
    await adana.getByRole('radio', { name: /Porsiyon: 1,5/ }).check();
    await adana.getByRole('checkbox', { name: /Acılı/ }).check();
    await adana.getByLabel('Not (isteğe bağlı)').fill('soğansız');
    await expect(adana.getByRole('button', { name: /^Sepete Ekle/ })).toHaveText('Sepete Ekle · 530,00 ₺');
    await adana.getByRole('button', { name: /^Sepete Ekle/ }).click();
    await expect(adana).toBeHidden();
    await addDish(guest, 'Kuzu Şiş', async (dialog) => {
      await dialog.getByRole('radio', { name: /Porsiyon: 1$/ }).check();
      await dialog.getByRole('checkbox', { name: /Orta/ }).check();
    });

    await guest.getByRole('button', { name: 'Sepet · 2 ürün · 980,00 ₺' }).click();
    const basket = guest.getByRole('dialog', { name: 'Sepetiniz' });
    await expect(basket).toContainText('Adana Kebap');
    await expect(basket).toContainText('Not: soğansız');
    const before = await chimes(waiter);
    await basket.getByRole('button', { name: 'Siparişi Gönder' }).click();
    await expect(basket).toBeHidden();
    const state = guest.locator('.pad-request');
    await expect(state).toHaveText('Siparişiniz (2 ürün): Garsona iletildi');

    // The waiter's phone rings and shows the notice; one tap opens it with its lines.
    const notice = waiter.getByTestId('table-request-notice').filter({ hasText: `${table.name}: yeni sipariş isteği (2 ürün)` });
    await expect(notice).toBeVisible();
    await expect.poll(() => chimes(waiter)).toBeGreaterThan(before);
    await notice.click();
    const request1 = waiter.getByRole('dialog');
    await expect(request1).toContainText('1 × Adana Kebap');
    await expect(request1).toContainText('Porsiyon: 1,5, Acılı');
    await expect(request1).toContainText('Not: soğansız');
    await expect(request1).toContainText('1 × Kuzu Şiş');
    await request1.getByRole('button', { name: 'Onayla' }).click();
    await expect(request1).toBeHidden();
    await expect(notice).toHaveCount(0);
    await expect(state).toHaveText('Siparişiniz (2 ürün): Onaylandı, mutfakta');

    // The kitchen has one card for the table, with both dishes.
    const cook = await signedIn(browser, DEMO.kitchen, '/kitchen', { width: 1024, height: 768 });
    await cook.goto('/kitchen/orders');
    // (another spec may have left an unfinished card on the same table: this request's card is the
    // one with its dishes, and both are on it)
    const cards = cook
      .getByTestId('kitchen-card')
      .filter({ has: cook.getByRole('heading', { name: table.name, exact: true }) })
      .filter({ hasText: 'Adana Kebap' });
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Kuzu Şiş');
    await cards.getByRole('button', { name: 'Tümü Hazır' }).click();
    await expect(state).toHaveText('Siparişiniz (2 ürün): Hazır');

    // The waiter serves it; the guest's page says so.
    await waiter.goto('/waiter/waiter-screen');
    await waiter.getByRole('button', { name: `${table.name}: Tümünü Servis Et` }).click();
    await expect(state).toHaveText('Siparişiniz (2 ürün): Servis edildi');

    // Garson Ekranı lists the hour's requests: this one, who confirmed it, and that it was served
    const row = waiter.getByTestId('table-requests-log').getByTestId('table-request-row').filter({ hasText: `${table.name} · Sipariş (2 ürün)` }).first();
    await expect(row).toContainText(/Ayşe Demir onayladı · \d\d:\d\d · Servis edildi/);
    await row.scrollIntoViewIfNeeded();
    expect(await waiter.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectTouchTargets(waiter, 'Garson Ekranı with the requests of the hour');
    for (const page of [waiter, guest, cook]) await page.context().close();
  });

  test('the guest’s basket survives a reload, the table’s menu comes with the page, and the basket empties after the send', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { restaurantId, tables } = await freeTablesWithTokens(request);
    const table = tables[2];
    const guest = await phonePage(browser);
    const menuApiCalls: string[] = [];
    guest.on('request', (r) => {
      if (/^\/api\/public\/menus\/[^/]+$/.test(new URL(r.url()).pathname)) menuApiCalls.push(r.url());
    });
    await guest.goto(`/menu/${restaurantId}?masa=${table.token}`);
    await expect(guest.locator('.menu-table')).toHaveText(`Masa: ${table.name}`);
    // the table's menu, with its order pad, came inside the page
    expect(menuApiCalls).toEqual([]);

    await addDish(guest, 'Mercimek Çorbası', async () => {});
    const basket = guest.getByRole('button', { name: /^Sepet · 1 ürün/ });
    await expect(basket).toBeVisible();
    await guest.reload();
    await expect(guest.locator('.menu-table')).toHaveText(`Masa: ${table.name}`);
    await expect(basket).toBeVisible();
    await basket.click();
    await expect(guest.getByRole('dialog', { name: 'Sepetiniz' })).toContainText('Mercimek Çorbası');
    await guest.getByRole('button', { name: 'Siparişi Gönder' }).click();
    await expect(guest.locator('.pad-request')).toHaveText('Siparişiniz (1 ürün): Garsona iletildi');
    await guest.reload();
    await expect(guest.locator('.pad-request')).toHaveText('Siparişiniz (1 ürün): Garsona iletildi');
    await expect(guest.getByRole('button', { name: /^Sepet/ })).toHaveCount(0);

    // the owner turns it down, so no later journey finds this table's order ringing
    const waiting = (await (await request.get(`/api/restaurants/${restaurantId}/table-requests`)).json()) as { requests: { id: string; tableName: string; status: string }[] };
    const sent = waiting.requests.find((r) => r.tableName === table.name && r.status === 'pending')!;
    expect((await request.post(`/api/restaurants/${restaurantId}/table-requests/${sent.id}/reject`, { data: { reason: 'Deneme' } })).status()).toBe(204);
    await guest.context().close();
  });

  test('a rejected order shows its reason on the guest’s phone, and a waiter call is answered with Gördüm', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { restaurantId, tables } = await freeTablesWithTokens(request);
    const table = tables[1];
    const waiter = await signedIn(browser, DEMO.waiter, '/waiter');
    const guest = await phonePage(browser);
    await guest.goto(`/menu/${restaurantId}?masa=${table.token}`);
    await addDish(guest, 'Mercimek Çorbası', async () => {});
    await guest.getByRole('button', { name: /^Sepet · 1 ürün/ }).click();
    await guest.getByRole('button', { name: 'Siparişi Gönder' }).click();
    const state = guest.locator('.pad-request').first();
    await expect(state).toHaveText('Siparişiniz (1 ürün): Garsona iletildi');

    await waiter.getByTestId('table-request-notice').filter({ hasText: `${table.name}: yeni sipariş isteği (1 ürün)` }).click();
    const dialog = waiter.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reddet' }).click();
    await dialog.getByRole('button', { name: 'Reddet ve Bildir' }).click();
    await expect(dialog.getByLabel('Neden')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Neden').fill('Mercimek çorbası bitti');
    await dialog.getByRole('button', { name: 'Reddet ve Bildir' }).click();
    await expect(dialog).toBeHidden();
    await expect(state).toHaveText('Siparişiniz (1 ürün): Reddedildi. Neden: Mercimek çorbası bitti');

    await guest.getByRole('button', { name: 'Garson Çağır' }).click();
    const call = guest.locator('.pad-request', { hasText: 'Garson çağrınız' });
    await expect(call).toHaveText('Garson çağrınız: Garsona iletildi');
    await waiter.getByTestId('table-request-notice').filter({ hasText: `${table.name}: garson çağırıyor` }).click();
    await waiter.getByRole('dialog').getByRole('button', { name: 'Gördüm' }).click();
    await expect(call).toHaveText('Garson çağrınız: Garson geliyor');
    for (const page of [waiter, guest]) await page.context().close();
  });

  test('while a guest’s order waits, the waiter’s phone still reaches Mutfağa Gönder on another table: the bar stands above the notice', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { restaurantId, tables } = await freeTablesWithTokens(request);
    const [asking, serving] = [tables[3], tables[4]];
    const waiter = await signedIn(browser, DEMO.waiter, '/waiter');
    const guest = await phonePage(browser);
    await guest.goto(`/menu/${restaurantId}?masa=${asking.token}`);
    await addDish(guest, 'Mercimek Çorbası', async () => {});
    await guest.getByRole('button', { name: /^Sepet · 1 ürün/ }).click();
    await guest.getByRole('button', { name: 'Siparişi Gönder' }).click();
    const notice = waiter.getByTestId('table-request-notice').filter({ hasText: `${asking.name}: yeni sipariş isteği (1 ürün)` });
    await expect(notice).toBeVisible();

    await waiter.goto('/waiter/orders');
    await waiter.getByText('Liste', { exact: true }).click();
    await waiter.getByRole('tab', { name: 'Tümü' }).click();
    await waiter.getByTestId(`list-table-${serving.name}`).click();
    await waiter.getByRole('button', { name: /^Mercimek Çorbası,/ }).click();
    const send = waiter.getByTestId('send-to-kitchen');
    await expect(notice).toBeVisible();
    const [bar, notices] = [await send.boundingBox(), await waiter.getByTestId('table-request-notices').boundingBox()];
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(notices!.y);
    await send.click(); // a notice over it would take the tap: Playwright refuses to click through it
    await expect(send).toBeDisabled();

    const waiting = (await (await request.get(`/api/restaurants/${restaurantId}/table-requests`)).json()) as { requests: { id: string; tableName: string; status: string }[] };
    const sent = waiting.requests.find((r) => r.tableName === asking.name && r.status === 'pending')!;
    expect((await request.post(`/api/restaurants/${restaurantId}/table-requests/${sent.id}/reject`, { data: { reason: 'Deneme' } })).status()).toBe(204);
    for (const page of [waiter, guest]) await page.context().close();
  });
});
