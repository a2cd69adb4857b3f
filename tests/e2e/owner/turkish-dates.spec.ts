import { expect, test } from '../fixtures';
import { DEMO, loginAs } from '../helpers';

// An English browser: its own <input type="date"> would show mm/dd/yyyy and English month names.
test.use({ locale: 'en-US' });

const todayTr = () => new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test('date fields are Turkish in an English browser: 25.11.2026, a Turkish calendar from Monday, typed days accepted', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/owner');

  await page.goto('/owner/kitchen-history');
  const from = page.getByLabel('Başlangıç');
  await expect(from).toHaveValue(todayTr());
  await expect(page.getByLabel('Bitiş')).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);

  await page.goto('/owner/kapali-masalar');
  await expect(page.getByRole('heading', { name: 'Kapalı Hesaplar' })).toBeVisible();
  const start = page.getByLabel('Başlangıç');
  await start.click();
  await start.fill('03.11.2026');
  await start.press('Enter');
  await expect(start).toHaveValue('03.11.2026');
  await expect(page.getByRole('button', { name: 'Kasım 2026', exact: true })).toBeVisible();
  await expect(page.locator('th').first()).toHaveText('Pt');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Listele' }).click();
  await expect(page.getByText(/^03\.11\.2026 iş günleri/)).toBeVisible();
});
