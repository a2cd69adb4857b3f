import { expect, test, type Browser } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, expectTouchTargets, loginAs } from '../helpers';
import { closeKitchenAlerts, kitchenReceivedEverything, openLinesSheet, ownSection, waiterApi } from './adisyon-helpers';

test.use(PHONE_DEVICE);
test.beforeEach(async ({ page, request }) => {
  // Earlier specs' sends no kitchen screen received would alert over the adisyon's controls.
  await kitchenReceivedEverything(request, await demoRestaurantId(request));
  await closeKitchenAlerts(page);
});

async function kitchenTablet(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const cook = await context.newPage();
  await loginAs(cook, DEMO.kitchen, '/kitchen');
  await cook.goto('/kitchen/orders');
  await expect(cook.getByRole('heading', { name: 'Siparişler' })).toBeVisible();
  return cook;
}

test('servis sırası on a 390×844 phone: the main course is sent held, the kitchen sees it waiting, "Ana yemek başlat" fires it', async ({ page, request, browser }) => {
  const rid = await demoRestaurantId(request); // `request` is now the owner
  const { table } = await ownSection(request, rid, 'Sıra');
  await loginAs(page, DEMO.waiter, '/waiter');
  const ticket = await waiterApi(page.request, rid).open({ type: 'table', tableId: table.id });
  await page.goto(`/waiter/orders/${ticket.id}`);

  // a starter and a main, from two categories, one tap each
  await page.getByRole('button', { name: /^Mercimek Çorbası,/ }).tap();
  await expect(page.getByTestId('lines-summary')).toContainText('1 ürün');
  await page.getByRole('button', { name: /Ev Yemekleri$/ }).tap();
  await page.getByRole('button', { name: /^Karnıyarık,/ }).tap();
  await expect(page.getByTestId('lines-summary')).toContainText('2 ürün');

  // the main is marked Ana yemek on its line (the phone's own picker)
  const sheet = await openLinesSheet(page);
  const line = (name: string) => sheet.getByTestId('ticket-line').filter({ hasText: name });
  await line('Karnıyarık').getByLabel('Servis sırası').selectOption({ label: 'Ana yemek' });
  // a chip: its checkbox is visually hidden, the chip (its label) is what the thumb taps
  const hold = sheet.getByRole('checkbox', { name: 'Ana yemek beklet' });
  await expect(sheet.locator('label', { hasText: 'Ana yemek beklet' })).toBeVisible();
  await expect(hold).not.toBeChecked();
  await sheet.locator('label', { hasText: 'Ana yemek beklet' }).tap();
  await expect(hold).toBeChecked();
  await expectTouchTargets(page, 'Adisyon with the course bar');

  await sheet.getByTestId('send-to-kitchen').tap();
  // the notice is on the page behind the sheet
  await expect(page.getByText('2 satır mutfağa gönderildi; 1 satır bekletiliyor (Ana yemek).')).toBeVisible();
  await expect(line('Karnıyarık').getByTestId('line-course')).toHaveText('Ana yemek · bekletiliyor, başlatılmadı');
  await expect(line('Karnıyarık')).toContainText('Bekliyor');
  const fire = sheet.getByRole('button', { name: 'Ana yemek başlat' });
  await expect(fire).toBeVisible();

  // the kitchen sees the starter to make and the main waiting apart
  const cook = await kitchenTablet(browser);
  const card = cook.getByTestId('kitchen-card').filter({ has: cook.getByRole('heading', { name: table.name, exact: true }) });
  await expect(card).toHaveCount(1);
  const held = card.getByRole('region', { name: 'Bekleyen: Ana yemek' });
  await expect(held).toContainText('Karnıyarık');
  await expect(held).toContainText('Bekliyor');
  await expect(card.getByRole('button', { name: /^1 × Mercimek Çorbası: Bekliyor/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /Karnıyarık/ })).toHaveCount(0);
  await expect(card.getByTestId('course-fired')).toHaveCount(0);

  // the table is ready for the main: the waiter fires it
  await fire.tap();
  await expect(page.getByText('Ana yemek başlatıldı: 1 satır mutfakta hazırlanacak.')).toBeVisible();
  await expect(fire).toHaveCount(0);
  await expect(line('Karnıyarık').getByTestId('line-course')).toHaveText('Ana yemek');

  // live, without a reload: the card announces the fire and the main can now be started
  await expect(card.getByTestId('course-fired')).toHaveText('🔥 Ana yemek başladı');
  await expect(held).toHaveCount(0);
  const main = card.getByRole('button', { name: /^1 × Karnıyarık: Bekliyor, dokununca Hazırlanıyor/ });
  await main.click();
  await expect(card.getByRole('button', { name: /^1 × Karnıyarık: Hazırlanıyor/ })).toBeVisible();
  await expect(card.getByTestId('course-fired')).toHaveCount(0);
  await cook.context().close();
});
