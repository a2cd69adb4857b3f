import { readFile } from 'node:fs/promises';
import { expect, refusedRequest, test, type Locator, type Page } from '../fixtures';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DEMO, DEMO_PASSWORD, PHONE, loginAs } from '../helpers';

/** Reads a QR code the way a phone would: from the pixels on the screen. */
async function decodeQr(image: Locator): Promise<string | null> {
  const png = PNG.sync.read(await image.screenshot());
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data ?? null;
}

async function openQrMenu(page: Page) {
  await loginAs(page, DEMO.owner, '/owner');
  await page.getByRole('navigation').getByRole('link', { name: 'QR Menü' }).click();
  await expect(page.getByRole('heading', { name: 'QR Menü' })).toBeVisible();
  return page.evaluate(() => JSON.parse(localStorage.getItem('userSession')!).restaurantId as string);
}

interface Table {
  id: string;
  name: string;
}

/** Each table's QR token: the codes carry it, never the table id (QR Sipariş, issue 39). */
async function qrTokens(page: Page, restaurantId: string): Promise<Map<string, string>> {
  const res = await page.request.get(`/api/restaurants/${restaurantId}/tables/qr-tokens`);
  expect(res.ok()).toBe(true);
  const { tables } = (await res.json()) as { tables: { tableId: string; token: string }[] };
  return new Map(tables.map((t) => [t.tableId, t.token]));
}

test.describe('QR menu', () => {
  // Whatever a test did, later tests (and the public menu ones) find the menu online at this address.
  test.afterEach(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { email: DEMO.owner, password: DEMO_PASSWORD } });
    const { restaurantId } = await login.json();
    const url = `/api/restaurants/${restaurantId}/settings/general`;
    const current = await request.get(url);
    const value = await current.json();
    if (value.publicMenu.enabled && value.publicMenu.baseUrl === '') return;
    const res = await request.put(url, {
      data: { ...value, publicMenu: { enabled: true, baseUrl: '' } },
      headers: { 'if-match': current.headers().etag },
    });
    expect(res.ok()).toBe(true);
  });

  test('shows the public link and a QR code that reads as that link', async ({ page, baseURL }) => {
    const restaurantId = await openQrMenu(page);
    const link = `${baseURL}/menu/${restaurantId}`;
    await expect(page.getByLabel('Menü bağlantısı')).toHaveValue(link);
    const qr = page.getByRole('img', { name: `Menü QR kodu: ${link}` });
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(link);

    const svg = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Menü QR kodunu SVG indir' }).click();
    const svgFile = await svg;
    expect(svgFile.suggestedFilename()).toBe('menu-qr.svg');
    expect(await readFile((await svgFile.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Menü QR kodunu PNG indir' }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toBe('menu-qr.png');
    const bytes = await readFile((await pngFile.path())!);
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const decoded = PNG.sync.read(bytes);
    expect(jsQR(new Uint8ClampedArray(decoded.data), decoded.width, decoded.height)?.data).toBe(link);
  });

  test('the A4 sheet has one card per table, each code reads as that table’s link', async ({ page, baseURL }) => {
    const restaurantId = await openQrMenu(page);
    const tables: Table[] = await (await page.request.get(`/api/restaurants/${restaurantId}/tables`)).json();
    const settings = await (await page.request.get(`/api/restaurants/${restaurantId}/settings/general`)).json();
    const tokens = await qrTokens(page, restaurantId);
    expect(tables.length).toBeGreaterThan(6);

    await page.getByRole('link', { name: 'A4 Masa Kartlarını Yazdır' }).click();
    await expect(page.getByRole('heading', { name: 'Masa Kartları' })).toBeVisible();
    await expect(page.getByText(`${tables.length} masa · ${Math.ceil(tables.length / 6)} A4 sayfa`)).toBeVisible();
    const cards = page.getByTestId('table-card');
    await expect(cards).toHaveCount(tables.length);

    for (const [i, table] of tables.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute('data-table-id', table.id);
      await expect(card).toContainText(settings.profile.name);
      await expect(card).toContainText(`Masa: ${table.name}`);
      const qr = card.getByRole('img');
      await expect(qr).toBeVisible();
      await qr.scrollIntoViewIfNeeded();
      expect(await decodeQr(qr), table.name).toBe(`${baseURL}/menu/${restaurantId}?masa=${tokens.get(table.id)}`);
    }

    // Printing shows the sheet alone, six cards to an A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation')).toBeHidden();
    const printed = page.getByTestId('print-sheet').locator('section');
    await expect(printed).toHaveCount(Math.ceil(tables.length / 6));
    await expect(printed.first().locator('article')).toHaveCount(6);
    await page.emulateMedia({ media: 'screen' });
  });

  test('a table’s link opens the menu with the table name on it', async ({ page, browser, baseURL }) => {
    const restaurantId = await openQrMenu(page);
    const tables: Table[] = await (await page.request.get(`/api/restaurants/${restaurantId}/tables`)).json();
    const seventh = tables[6];
    const token = (await qrTokens(page, restaurantId)).get(seventh.id)!;
    expect(token).not.toContain(seventh.id);
    const card = page.getByTestId('table-qr-card').filter({ hasText: `Masa: ${seventh.name}` });
    const url = await decodeQr(card.getByRole('img'));
    expect(url).toBe(`${baseURL}/menu/${restaurantId}?masa=${token}`);

    const customer = await (await browser.newContext()).newPage();
    await customer.goto(url!);
    await expect(customer.locator('.menu-table')).toHaveText(`Masa: ${seventh.name}`);
    await expect(customer.locator('.menu-item').first()).toBeVisible();
    // the table's id is not its code: a link made from it shows no table and cannot order
    await customer.goto(`/menu/${restaurantId}?masa=${seventh.id}`);
    await expect(customer.locator('.menu-item').first()).toBeVisible();
    await expect(customer.locator('.menu-table')).toHaveCount(0);
    await expect(customer.getByRole('button', { name: /ekle$/ })).toHaveCount(0);
    await customer.context().close();
  });

  test('Yeni kod asks first, then the table’s old printed code stops at once and the card carries the new one', async ({ page, browser, baseURL }) => {
    const restaurantId = await openQrMenu(page);
    const tables: Table[] = await (await page.request.get(`/api/restaurants/${restaurantId}/tables`)).json();
    const table = tables[tables.length - 1];
    const old = (await qrTokens(page, restaurantId)).get(table.id)!;
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`/menu/${restaurantId}?masa=${old}`);
    await expect(customer.locator('.menu-table')).toHaveText(`Masa: ${table.name}`);

    const card = page.getByTestId('table-qr-card').filter({ hasText: `Masa: ${table.name}` });
    await card.getByRole('button', { name: `Masa: ${table.name} için yeni QR kodu` }).click();
    const confirm = page.getByRole('dialog', { name: `Masa: ${table.name}: yeni QR kodu` });
    await expect(confirm).toContainText('basılı QR kodu hemen geçersiz olur');
    await confirm.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(confirm).toBeHidden();
    expect((await qrTokens(page, restaurantId)).get(table.id)).toBe(old);

    await card.getByRole('button', { name: `Masa: ${table.name} için yeni QR kodu` }).click();
    await confirm.getByRole('button', { name: 'Yeni Kod Oluştur' }).click();
    await expect(confirm).toBeHidden();
    const fresh = (await qrTokens(page, restaurantId)).get(table.id)!;
    expect(fresh).not.toBe(old);
    await expect.poll(() => decodeQr(card.getByRole('img'))).toBe(`${baseURL}/menu/${restaurantId}?masa=${fresh}`);

    // the open menu of the old code loses its table (and its order pad) with the next refresh
    await expect(customer.locator('.menu-table')).toHaveCount(0);
    await customer.goto(`/menu/${restaurantId}?masa=${fresh}`);
    await expect(customer.locator('.menu-table')).toHaveText(`Masa: ${table.name}`);
    await customer.context().close();
  });

  test('the switch takes the public menu offline and back, live on an open menu', async ({ page, browser, pageErrors }) => {
    // the open menu's fetch while it is offline, and the menu page saying so
    pageErrors.allow(refusedRequest(404));
    pageErrors.allow(/^Public menu fetch failed Error: Menü alınamadı \(HTTP 404\)/);
    const restaurantId = await openQrMenu(page);
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`/menu/${restaurantId}`);
    await expect(customer.locator('.menu-item').first()).toBeVisible();

    const toggle = page.getByRole('switch', { name: 'Menü yayında' });
    await toggle.uncheck();
    await expect(page.getByRole('switch', { name: 'Menü yayında değil' })).not.toBeChecked();
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Restoran Menüsü');
    await expect(customer.locator('.menu-item')).toHaveCount(0);
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`/menu/${restaurantId}`);
    await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Restoran Menüsü');

    await page.getByRole('switch', { name: 'Menü yayında değil' }).check();
    await expect(page.getByRole('switch', { name: 'Menü yayında' })).toBeChecked();
    await expect(customer.locator('.menu-item').first()).toBeVisible();
    await customer.context().close();
    await fresh.context().close();
  });

  test('the restaurant’s own domain goes into every link and code, and can be cleared again', async ({ page, baseURL, pageErrors }) => {
    pageErrors.allow(refusedRequest(400)); // the address refused on purpose
    const restaurantId = await openQrMenu(page);
    await page.getByLabel('Alan adı').fill('https://menu.lezzet.com.tr/');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByRole('status')).toContainText('Menü adresi kaydedildi');
    const link = `https://menu.lezzet.com.tr/menu/${restaurantId}`;
    await expect(page.getByLabel('Menü bağlantısı')).toHaveValue(link);
    expect(await decodeQr(page.getByRole('img', { name: `Menü QR kodu: ${link}` }))).toBe(link);

    await page.getByLabel('Alan adı').fill('ftp://yanlis');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByRole('alert')).toContainText("Adres 'https://' ile başlayan bir internet adresi olmalı");
    await expect(page.getByLabel('Menü bağlantısı')).toHaveValue(link);

    await page.getByLabel('Alan adı').fill('');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByLabel('Menü bağlantısı')).toHaveValue(`${baseURL}/menu/${restaurantId}`);
  });

  test('fits a phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/qr-menu');
    await expect(page.getByTestId('table-qr-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
