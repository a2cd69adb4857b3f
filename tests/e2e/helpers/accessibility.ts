import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on what the page shows now: no serious or critical violation (WCAG 2.2 A/AA and axe's
 * best practices). `label` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  // A dialog fading in (or a pressed button easing back) mixes its colours for a moment: contrast is
  // judged on what stays on the screen, once the transitions have run. A transition may start a
  // frame or two after the click, so the screen must be still at three checks in a row, 100 ms apart.
  await page.evaluate(() => ((window as unknown as { __stillChecks: number }).__stillChecks = 0));
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __stillChecks: number };
      const isStill = document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
      w.__stillChecks = isStill ? w.__stillChecks + 1 : 0;
      return w.__stillChecks >= 3;
    },
    undefined,
    { polling: 100 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect.soft(serious, `accessibility of ${label}`).toEqual([]);
}
