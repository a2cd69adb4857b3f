import { expect, type Page } from '@playwright/test';

export const MIN_TOUCH_PX = 44;

/**
 * Every visible interactive control is at least 44×44 px. A checkbox, radio or switch counts
 * together with its labels (a tap on the label toggles it), a slider with its track, a text field
 * with the bordered box it sits in.
 * Links inside running text are exempt (WCAG 2.5.8), and so is anything marked
 * `data-touch-exempt` (say why beside it).
 */
export async function expectTouchTargets(page: Page, label = page.url(), min = MIN_TOUCH_PX) {
  const small = await page.evaluate(findSmallTargets, min);
  expect.soft(small, `controls under ${min}×${min} px on ${label}`).toEqual([]);
}

function findSmallTargets(min: number): string[] {
  const SELECTOR = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="tab"]',
    '[role="switch"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="slider"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');

  const isShown = (el: Element) => {
    if (el.closest('[inert], [aria-hidden="true"], [data-touch-exempt]')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = el.getBoundingClientRect();
    // Off screen (a closed sidebar slid out to the left) is not something a finger can hit.
    return r.right > 0 && r.bottom > -window.scrollY && r.left < window.innerWidth;
  };
  const union = (rects: DOMRect[]) => {
    const real = rects.filter((r) => r.width > 0 && r.height > 0);
    if (real.length === 0) return { width: 0, height: 0 };
    const left = Math.min(...real.map((r) => r.left));
    const right = Math.max(...real.map((r) => r.right));
    const top = Math.min(...real.map((r) => r.top));
    const bottom = Math.max(...real.map((r) => r.bottom));
    return { width: right - left, height: bottom - top };
  };
  const isInlineTextLink = (el: Element) =>
    el.tagName === 'A' &&
    getComputedStyle(el).display === 'inline' &&
    (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 10;
  const nameOf = (el: Element) =>
    (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '')
      .trim()
      .slice(0, 40);

  const out: string[] = [];
  for (const el of document.querySelectorAll(SELECTOR)) {
    if (!isShown(el) || isInlineTextLink(el)) continue;
    const input = el as HTMLInputElement;
    const rects = [el.getBoundingClientRect()];
    if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
      for (const l of input.labels ?? []) rects.push(l.getBoundingClientRect());
    }
    const track = el.getAttribute('role') === 'slider' ? el.closest('.mantine-Slider-root') : null;
    if (track) rects.push(track.getBoundingClientRect());
    // A text field inside a bordered box (password, tags): a tap anywhere on the box focuses it.
    const field = el.tagName === 'INPUT' ? el.parentElement?.closest('.mantine-Input-input, .mantine-PillsInput-input') : null;
    if (field) rects.push(field.getBoundingClientRect());
    const box = union(rects);
    if (box.width === 0 && box.height === 0) continue; // visually hidden, e.g. a switch's own input
    if (box.width + 0.5 < min || box.height + 0.5 < min) {
      out.push(`${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${nameOf(el)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return out;
}
