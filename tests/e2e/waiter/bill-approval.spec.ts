import { expect, refusedRequest, test } from '../fixtures';
import { DEMO, DEMO_PASSWORD, PHONE_DEVICE, loginAs } from '../helpers';
import { Sender, restaurantIdOf } from '../kitchen/kitchen-helpers';

test.use(PHONE_DEVICE);

test('a waiter without the right to give İkram gets the owner’s approval on the same phone, and a wrong password is refused in Turkish', async ({ page, pageErrors }) => {
  pageErrors.allow(refusedRequest(403)); // the missing right, then the wrong approval
  await loginAs(page, DEMO.waiter, '/waiter');
  const sender = new Sender(page.request, await restaurantIdOf(page.request));
  const ticket = await sender.openTakeaway('Onay Testi');
  await sender.send(ticket, [{ name: 'Yayla Çorbası' }, { name: 'Kola' }]);

  await page.goto(`/waiter/orders/${ticket.id}/hesap`);
  await page.getByRole('button', { name: 'Yayla Çorbası: İkram' }).click();
  await page.getByRole('textbox', { name: 'Neden' }).fill('Bekleme için özür');
  await page.getByRole('button', { name: 'İkram Et' }).click();

  // Ayarlar gives İkram to the owner only: the server refuses, the phone asks for approval.
  const approval = page.getByRole('dialog', { name: 'Yönetici onayı' });
  await expect(approval).toBeVisible();
  await approval.getByLabel('Onaylayan e-postası').fill(DEMO.owner);
  await approval.getByLabel('Onaylayan şifresi').fill('yanlis-sifre');
  await approval.getByRole('button', { name: 'Onayla' }).click();
  await expect(approval.getByRole('alert')).toHaveText('Onaylayan işletme sahibinin e-postası ya da şifresi hatalı');
  await expect(page.getByTestId('bill-line').filter({ hasText: 'İkram:' })).toHaveCount(0);

  await approval.getByLabel('Onaylayan şifresi').fill(DEMO_PASSWORD);
  await approval.getByRole('button', { name: 'Onayla' }).click();
  await expect(approval).toBeHidden();
  await expect(page.getByTestId('bill-line').filter({ hasText: 'Yayla Çorbası' })).toContainText('İkram: Bekleme için özür');
});
