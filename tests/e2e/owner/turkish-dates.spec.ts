import { businessDay } from '../../../src/shared/domain/calendar';
import { expect, test } from '../fixtures';
import { DEMO, MIN_TOUCH_PX, PHONE_DEVICE, loginAs } from '../helpers';

// An English browser: its own <input type="date"> would show mm/dd/yyyy and English month names.
test.use({ locale: 'en-US' });

/** The demo restaurant's business day (Istanbul, the day starting at 05:00) as the field shows it. */
const todayTr = () => businessDay(new Date(), 'Europe/Istanbul', 5).split('-').reverse().join('.');

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

test.describe('on a phone', () => {
  test.use(PHONE_DEVICE);

  test('the calendar\'s day buttons are at least 44×44 px at 390×844', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/kitchen-history');
    await page.getByLabel('Başlangıç').click();
    const days = page.locator('.mantine-DateInput-day:not([data-outside])');
    await expect(days.first()).toBeVisible();
    for (const day of [days.first(), days.last()]) {
      const box = await day.boundingBox();
      expect(box?.width, 'day width').toBeGreaterThanOrEqual(MIN_TOUCH_PX);
      expect(box?.height, 'day height').toBeGreaterThanOrEqual(MIN_TOUCH_PX);
    }
    // The whole month still fits the phone's width.
    const rightmost = await page.locator('.mantine-DateInput-day').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
    expect(rightmost).toBeLessThanOrEqual(390);
  });
});
