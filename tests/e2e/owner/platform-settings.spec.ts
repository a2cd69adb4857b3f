import type { PlatformConnectionInfo } from '../../../src/shared/online-orders-contract';
import { expect, test } from '../fixtures';
import { DEMO, PHONE, expectTouchTargets, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

/*
 * Ayarlar > Yemek Platformları (issue 24) on a phone: the owner connects Getir Yemek (a new webhook
 * key, the restaurant's code, the platform's address, auto-accept) and maps a Getir product code to
 * a dish; an order from Getir's webhook then arrives with that product already a Sofra dish and
 * another one unmapped, which the owner maps on the spot with Eşleştir on the inbox card, after
 * which Onayla is possible. Yoğunuz pauses Getir for 30 minutes; the platform's address here is
 * this machine, which Sofra never calls, so the inbox shows that the pause did not get through.
 */
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('the owner connects Getir Yemek in Ayarlar, maps a product there and another from the inbox, and says Yoğunuz', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');
  const restaurantId = await restaurantIdOf(page.request);
  // an order another spec left unanswered would ring too: answer those first
  const open = (await (await page.request.get(`/api/restaurants/${restaurantId}/online-orders?status=new`)).json()) as { id: string }[];
  for (const o of open) await page.request.post(`/api/restaurants/${restaurantId}/online-orders/${o.id}/reject`, { data: { reason: 'too_busy' } });
  const [soup, other] = await new Sender(page.request, restaurantId).plainItems();
  const run = Date.now().toString(36);
  const key = `e2e-getir-key-${run}`;
  const mappedCode = `E2E-MAP-${run}`;
  const newCode = `E2E-NEW-${run}`;

  // ---- Ayarlar: connect Getir Yemek and map one product
  await page.goto('/owner/settings');
  const section = page.getByRole('region', { name: 'Yemek Platformları' });
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: /Getir Yemek/ }).click();
  const panel = section.getByTestId('platform-getir');
  await panel.getByLabel(/Webhook anahtarı/).fill(key);
  await panel.getByLabel('İstemci kimliği (client id)').fill('sofra-e2e');
  await panel.getByLabel('Platformdaki restoran kodu').fill('e2e-22');
  await panel.getByLabel(/Platform API adresi/).fill('https://127.0.0.1');
  await panel.getByRole('switch', { name: /Otomatik onay/ }).check();
  await panel.getByLabel('Hazırlama süresi (dakika)').fill('15');
  await expect(panel.getByTestId('platform-webhook-url')).toHaveValue(new RegExp(`/api/integrations/getir/${restaurantId}/orders$`));
  await panel.getByRole('button', { name: 'Eşleştirme ekle' }).click();
  const row = panel.getByTestId('product-map-row').last();
  await row.getByLabel('Platform ürün kodu').fill(mappedCode);
  const dishSelect = row.getByRole('combobox', { name: 'Sofra ürünü' });
  await expect(dishSelect).toHaveJSProperty('tagName', 'SELECT'); // the phone's own picker
  await dishSelect.selectOption(soup.id);
  await expectTouchTargets(page, 'Ayarlar: Yemek Platformları');
  await panel.getByRole('button', { name: 'Kaydet' }).click();
  await expect(section.getByRole('status')).toHaveText('Getir Yemek bağlantısı kaydedildi');
  // the secrets are write-only: the fields are empty again and say "kayıtlı"
  await expect(panel.getByLabel(/Webhook anahtarı/)).toHaveValue('');
  await expect(panel.getByText('kayıtlı').first()).toBeVisible();
  await expect(section.getByRole('button', { name: /Getir Yemek.*Otomatik onay: 15 dk/ })).toBeVisible();
  const connections = (await (await page.request.get(`/api/restaurants/${restaurantId}/integrations/platforms`)).json()) as PlatformConnectionInfo[];
  expect(connections.find((c) => c.platform === 'getir')).toMatchObject({ remoteCode: 'e2e-22', autoAcceptMinutes: 15, productMap: expect.objectContaining({ [mappedCode]: soup.id }) });

  // ---- Getir sends an order (its webhook, with the key just saved): one product mapped, one not
  const externalId = `e2e-getir-${run}`;
  const sent = await page.request.post(`/api/integrations/getir/${restaurantId}/orders`, {
    headers: { 'x-api-key': key },
    data: {
      id: externalId,
      client: { name: 'Deniz Arslan', clientUnmaskedPhoneNumber: '+905321112233', deliveryAddress: { address: 'Bahariye Cad. No: 12, Kadıköy' } },
      products: [
        { product: mappedCode, name: { tr: 'Getir Çorbası' }, count: 1, price: 90 },
        { product: newCode, name: { tr: 'Yeni Menü Ürünü' }, count: 2, price: 50 },
      ],
      deliveryType: 2,
      paymentMethod: 1,
      totalPrice: 190,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // auto-accept waits: a product has no dish yet
  expect(await sent.json()).toMatchObject({ status: 'new' });

  // ---- the inbox: Eşleştir on the card, then Onayla is possible
  await page.goto('/owner/online-takip');
  const card = page.getByRole('article', { name: new RegExp(`#${externalId}`) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('unmapped-line')).toHaveCount(1);
  await expect(card.getByTestId('unmapped-line')).toContainText(`Platform kodu: ${newCode}`);
  await expect(card.getByRole('button', { name: 'Onayla' })).toBeDisabled();
  await card.getByRole('button', { name: 'Eşleştir: Yeni Menü Ürünü' }).click();
  await card.getByRole('combobox', { name: 'Yeni Menü Ürünü için Sofra ürünü' }).selectOption(other.id);
  await card.getByRole('button', { name: 'Eşleştir ve kaydet' }).click();
  await expect(card.getByTestId('unmapped-line')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Onayla' })).toBeEnabled();
  // mapped later, it still waits for the owner (auto-accept acts on arrival only)
  await expect(card).toHaveAttribute('data-status', 'new');

  // ---- Yoğunuz: 30 minutes for Getir Yemek
  await page.getByRole('button', { name: 'Yoğunuz: Getir Yemek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Getir Yemek: sipariş almayı durdur' });
  await dialog.getByRole('button', { name: '30 dk' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Getir Yemek 30 dk sipariş almayacak' })).toBeVisible();
  // Sofra never calls an address on its own machine: the outbox's refusal shows in the inbox
  await expect(page.getByRole('alert').filter({ hasText: 'Getir Yemek: Yoğunuz platforma bildirilemedi' })).toBeVisible({ timeout: 20_000 });

  // leave nothing ringing for the next spec
  const orderId = ((await (await page.request.get(`/api/restaurants/${restaurantId}/online-orders?status=new`)).json()) as { id: string; externalId: string }[]).find((o) => o.externalId === externalId)!.id;
  expect((await page.request.post(`/api/restaurants/${restaurantId}/online-orders/${orderId}/reject`, { data: { reason: 'too_busy' } })).ok()).toBe(true);
});
