import { expect, type Page } from '@playwright/test';

/**
 * No text runs out of its box, on a phone above all: no sideways scrolling page, no label cut
 * off ("İçe / D…", "TÜKE…") and nothing spilling past the screen edge. Text inside a box that
 * scrolls sideways on purpose (a wide table) is reachable and passes; `data-overflow-ok` exempts
 * a deliberate truncation (say why beside it).
 */
export async function expectNoTextOverflow(page: Page, label = page.url()) {
  const problems = await page.evaluate(findTextOverflow);
  expect.soft(problems, `text out of its box on ${label}`).toEqual([]);
}

function findTextOverflow(): string[] {
  const out: string[] = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
  }
  const blockOf = (el: Element) => {
    let b: Element | null = el;
    while (b && ['inline', 'contents'].includes(getComputedStyle(b).display) && b.parentElement) b = b.parentElement;
    return b!;
  };
  const scrollsSideways = (el: Element) => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if ((o === 'auto' || o === 'scroll') && a.scrollWidth > a.clientWidth) return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent) continue;
    if (parent.closest('[inert], [aria-hidden="true"], [data-overflow-ok], script, style, noscript, option, datalist')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden' || parent.getClientRects().length === 0) continue;
    range.selectNodeContents(node);
    const t = range.getBoundingClientRect();
    if (t.width === 0 || t.right <= 0) continue; // visually hidden or slid off screen on purpose
    const box = blockOf(parent).getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // a screen-reader-only label
    const spills = t.right > box.right + 1 || t.left < box.left - 1;
    const pastScreen = t.right > width + 1;
    if ((spills || pastScreen) && !scrollsSideways(parent)) {
      out.push(`"${text.slice(0, 40)}" ${Math.round(t.width)} px in a ${Math.round(box.width)} px box`);
    }
  }
  return out;
}
