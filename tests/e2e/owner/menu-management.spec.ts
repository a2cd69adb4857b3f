import { readFile } from 'node:fs/promises';
import { expect, refusedRequest, test, type Page } from '../fixtures';
import { DEMO, PHONE, demoRestaurantId, loginAs } from '../helpers';

// Each test works on categories and items it creates itself: the demo menu stays as the public
// menu tests expect it.

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openMenuManagement(page: Page, tab?: string) {
  await loginAs(page, DEMO.owner, '/owner');
  await page.getByRole('navigation').getByRole('link', { name: 'Menü Yönetimi' }).click();
  await expect(page.getByRole('heading', { name: 'Menü Yönetimi' })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

async function addCategory(page: Page, name: string, emoji = '🍕') {
  await page.getByRole('tab', { name: 'Kategoriler' }).click();
  await page.getByRole('button', { name: 'Kategori Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kategori Ekle' });
  await dialog.getByRole('radio', { name: `Simge ${emoji}` }).click();
  await dialog.getByLabel('Kategori adı').fill(name);
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('category-row').filter({ hasText: name })).toBeVisible();
}

async function addItem(page: Page, fields: { name: string; price: string; category: string; description?: string; groups?: string[] }) {
  await page.getByRole('tab', { name: 'Ürünler' }).click();
  await page.getByRole('button', { name: 'Ürün Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
  await dialog.getByLabel('Ürün adı').fill(fields.name);
  if (fields.description) await dialog.getByLabel('Açıklama').fill(fields.description);
  await dialog.getByLabel('Fiyat').fill(fields.price);
  await dialog.getByRole('combobox', { name: 'Kategori' }).click();
  await page.getByRole('option', { name: fields.category }).click();
  for (const group of fields.groups ?? []) await dialog.getByRole('checkbox', { name: group }).check();
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
}

const itemRow = (page: Page, name: string) => page.getByTestId('item-row').filter({ has: page.getByText(name, { exact: true }) });

test.describe('menu management', () => {
  test('an item with options reaches the public menu without a reload, and vanishes when sold out', async ({ page, browser, request }) => {
    const restaurantId = await demoRestaurantId(request);
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`/menu/${restaurantId}`);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Demo Lokanta');

    await openMenuManagement(page, 'Seçenekler');
    await page.getByRole('button', { name: 'Seçenek Grubu Ekle' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Seçenek Grubu Ekle' });
    await groupDialog.getByLabel('Grup adı').fill('Hamur');
    await groupDialog.getByLabel('1. seçenek adı').fill('İnce hamur');
    await groupDialog.getByLabel('2. seçenek adı').fill('Kalın hamur');
    await groupDialog.getByLabel('2. seçenek ek fiyatı').fill('15');
    await groupDialog.getByRole('switch', { name: /Zorunlu/ }).check();
    await groupDialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(groupDialog).toBeHidden();
    const card = page.getByTestId('option-group-card').filter({ hasText: 'Hamur' });
    await expect(card).toContainText('Tek seçim · Zorunlu · 2 seçenek');
    await expect(card).toContainText('Kalın hamur (+15,00 TL)');

    await addCategory(page, 'Pizzalar', '🍕');
    await addItem(page, {
      name: 'Karışık Pizza',
      description: 'Sucuk, mantar, biber',
      price: '1.245,50',
      category: '🍕 Pizzalar',
      groups: ['Hamur'],
    });
    const row = itemRow(page, 'Karışık Pizza');
    // staff screens write TL; the customer's public menu ₺ (spec section 9)
    await expect(row).toContainText('1.245,50 TL');
    await expect(row).toContainText('Seçenekler: Hamur');

    // The customer's open page, never reloaded.
    const pizza = customer.locator('.menu-item', { hasText: 'Karışık Pizza' });
    await expect(customer.getByRole('heading', { level: 2, name: 'Pizzalar' })).toBeVisible();
    await expect(pizza.locator('.menu-item-price')).toHaveText('1.245,50 ₺');
    await expect(pizza).toContainText('Sucuk, mantar, biber');

    await row.getByRole('switch', { name: 'Karışık Pizza satışta' }).uncheck();
    await expect(row).toContainText('Tükendi');
    await expect(pizza).toHaveCount(0);
    await expect(customer.getByRole('heading', { level: 2, name: 'Pizzalar' })).toHaveCount(0);
    await customer.context().close();
  });

  test('a price typed wrong answers in Turkish and nothing is saved', async ({ page }) => {
    await openMenuManagement(page);
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
    await dialog.getByLabel('Ürün adı').fill('Hatalı Fiyatlı');
    for (const [price, error] of [
      ['-5', 'Fiyat negatif olamaz'],
      ['on beş', 'Fiyat geçerli bir tutar değil (örnek: 1.250,50)'],
      ['1.000.000,01', 'Fiyat en fazla 1.000.000,00 TL olabilir'],
    ]) {
      await dialog.getByLabel('Fiyat').fill(price);
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await expect(dialog.getByText(error)).toBeVisible();
    }
    await dialog.getByLabel('Ürün adı').fill('');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Ürün adı boş olamaz')).toBeVisible();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(itemRow(page, 'Hatalı Fiyatlı')).toHaveCount(0);
  });

  test('search is Turkish-aware: "işkembe" and "ISKEMBE" find İşkembe Çorbası', async ({ page }) => {
    await openMenuManagement(page);
    const search = page.getByRole('searchbox', { name: 'Ürün ara' });
    for (const query of ['işkembe', 'ISKEMBE']) {
      await search.fill(query);
      await expect(page.getByTestId('item-row')).toHaveCount(1);
      await expect(page.getByTestId('item-row')).toContainText('İşkembe Çorbası');
    }
    await search.fill('yokböyleyemek');
    await expect(page.getByText('“yokböyleyemek” ile eşleşen ürün yok.')).toBeVisible();
  });

  test('categories reorder by keyboard and by dragging, and the public menu follows', async ({ page, request }) => {
    const restaurantId = await demoRestaurantId(request);
    await openMenuManagement(page);
    await addCategory(page, 'Sıra Bir', '🥐');
    await addCategory(page, 'Sıra İki', '🥞');
    const names = () => page.getByTestId('category-row').allInnerTexts();
    const order = async () => (await names()).map((t) => t.split('\n').find((l) => l.startsWith('Sıra'))).filter(Boolean);
    await expect.poll(order).toEqual(['Sıra Bir', 'Sıra İki']);

    // Keyboard: pick up with Space, move with the arrows, drop with Space; each step is announced.
    const announcer = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: 'Sıra İki kategorisini taşı' }).focus();
    await page.keyboard.press('Space');
    await expect(announcer).toContainText('Sıra İki,');
    const pickedUp = await announcer.innerText();
    await page.keyboard.press('ArrowUp');
    await expect(announcer).not.toHaveText(pickedUp);
    await page.keyboard.press('Space');
    await expect(announcer).toContainText('bırakıldı');
    await expect.poll(order).toEqual(['Sıra İki', 'Sıra Bir']);
    await expect
      .poll(async () => {
        const menu = await (await request.get(`/api/public/menus/${restaurantId}`)).json();
        return menu.categories.map((c: { label: string }) => c.label).filter((l: string) => l.includes('Sıra'));
      })
      .toEqual(['🥞 Sıra İki', '🥐 Sıra Bir']);

    // Mouse: drag the handle onto the other row.
    const handle = page.getByRole('button', { name: 'Sıra Bir kategorisini taşı' });
    const target = page.getByTestId('category-row').filter({ hasText: 'Sıra İki' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(order).toEqual(['Sıra Bir', 'Sıra İki']);
  });

  test('a category with items is not deleted, and says why', async ({ page, pageErrors }) => {
    pageErrors.allow(refusedRequest(409)); // the refused delete
    await openMenuManagement(page, 'Kategoriler');
    await page.getByRole('button', { name: 'Çorbalar sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kategoriyi sil' });
    await dialog.getByRole('button', { name: 'Sil' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Bu kategoride 5 ürün var. Kategoriyi silmeden önce ürünleri başka bir kategoriye taşıyın ya da silin.',
    );
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(page.getByTestId('category-row').filter({ hasText: 'Çorbalar' })).toBeVisible();
  });

  test('bulk price change, duplicate and photo upload', async ({ page, request }) => {
    const restaurantId = await demoRestaurantId(request);
    await openMenuManagement(page);
    await addCategory(page, 'Fiyat Deneme', '⭐');
    await addItem(page, { name: 'Deneme Tabağı', price: '100', category: '⭐ Fiyat Deneme' });

    await page.getByRole('combobox', { name: 'Kategori' }).click();
    await page.getByRole('option', { name: '⭐ Fiyat Deneme' }).click();
    await page.getByRole('button', { name: 'Toplu Fiyat' }).click();
    const pricing = page.getByRole('dialog', { name: 'Toplu Fiyat Değişikliği' });
    await pricing.getByLabel('Değişim (%)').fill('12,5');
    await expect(pricing.getByRole('row', { name: /Deneme Tabağı/ })).toContainText('112,50 TL');
    await pricing.getByRole('button', { name: 'Fiyatları Güncelle' }).click();
    await expect(pricing.getByRole('status')).toHaveText('1 ürünün fiyatı güncellendi.');
    await pricing.getByRole('button', { name: 'Kapat' }).click();
    await expect(itemRow(page, 'Deneme Tabağı')).toContainText('112,50 TL');

    await itemRow(page, 'Deneme Tabağı').getByRole('button', { name: 'Deneme Tabağı için diğer işlemler' }).click();
    await page.getByRole('menuitem', { name: 'Kopyala' }).click();
    await expect(itemRow(page, 'Deneme Tabağı (kopya)')).toContainText('112,50 TL');

    await itemRow(page, 'Deneme Tabağı').getByRole('button', { name: 'Deneme Tabağı düzenle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ürünü Düzenle' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Fotoğraf Seç' }).click();
    await (await chooser).setFiles({ name: 'tabak.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(dialog.getByRole('img', { name: 'Deneme Tabağı fotoğrafı' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();

    const menu = await (await request.get(`/api/public/menus/${restaurantId}`)).json();
    const plate = menu.menuItems.find((i: { name: string }) => i.name === 'Deneme Tabağı');
    expect(plate.photo).toMatch(/^\/api\/public\/photos\/.+\.(png|jpg)$/);
    const photo = await request.get(plate.photo);
    expect(photo.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('CSV: export downloads the menu; a bad file is previewed with its errors and nothing is imported', async ({ page }) => {
    await openMenuManagement(page, 'İçe / Dışa Aktar');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV Olarak İndir' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Ürün Kodu;Kategori Simgesi;Kategori;Ürün Adı;Açıklama;Fiyat;KDV;Sıra;Durum;İstasyon;Seçenekler');
    expect(csv).toContain(';🍲;Çorbalar;Mercimek Çorbası;');

    const header = 'Kategori;Ürün Adı;Fiyat';
    const choose = async (text: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'CSV Dosyası Seç' }).click();
      await (await chooser).setFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    };
    await choose(`${header}\nKahvaltı;Menemen;150\nKahvaltı;Sucuklu Yumurta;-20\n;Sahipsiz;10`);
    const preview = page.getByRole('region', { name: 'İçe aktarma önizlemesi' });
    await expect(preview).toContainText('1 yeni');
    await expect(preview).toContainText('2 hata');
    const errors = preview.getByRole('table', { name: 'Hatalı satırlar' });
    await expect(errors.getByRole('row', { name: /^3 / })).toContainText('Fiyat negatif olamaz');
    await expect(errors.getByRole('row', { name: /^4 / })).toContainText('Kategori adı boş olamaz');
    await expect(preview.getByRole('button', { name: 'İçe Aktar' })).toBeDisabled();

    await choose(`${header}\nKahvaltı;Menemen;150\nKahvaltı;Sucuklu Yumurta;180,50`);
    await expect(preview).toContainText('2 yeni');
    await preview.getByRole('button', { name: 'İçe Aktar' }).click();
    await expect(page.getByRole('status')).toContainText('2 ürün eklendi');
    await page.getByRole('tab', { name: 'Ürünler' }).click();
    await expect(itemRow(page, 'Sucuklu Yumurta')).toContainText('180,50 TL');
  });

  test('a change on one owner screen shows on another open screen without reload', async ({ page, browser }) => {
    await openMenuManagement(page);
    const other = await (await browser.newContext()).newPage();
    await openMenuManagement(other);
    await addCategory(page, 'Canlı Kategori', '🔥');
    await addItem(page, { name: 'Canlı Ürün', price: '42', category: '🔥 Canlı Kategori' });
    await expect(itemRow(other, 'Canlı Ürün')).toContainText('42,00 TL');
    await other.context().close();
  });

  test('fits a phone: no sideways scrolling, rows stack their controls', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/menu-management');
    await expect(page.getByTestId('item-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const toggle = (await page.getByRole('switch', { name: 'Mercimek Çorbası satışta' }).boundingBox())!;
    expect(toggle.height).toBeGreaterThan(0);
    const edit = (await page.getByRole('button', { name: 'Mercimek Çorbası düzenle' }).boundingBox())!;
    expect(edit.height).toBeGreaterThanOrEqual(44);
  });
});
