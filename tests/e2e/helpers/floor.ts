import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PLAN_WIDTH } from '../../../src/shared/floor-contract';

export interface FloorTableInfo {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  version: number;
  ticketId: string | null;
  total: number | null;
}
export interface FloorSectionInfo {
  id: string;
  name: string;
  tables: FloorTableInfo[];
}

/** The floor as the API serves it, read with the request context's (owner's or waiter's) session. */
export async function readFloor(request: APIRequestContext, restaurantId: string): Promise<FloorSectionInfo[]> {
  const res = await request.get(`/api/restaurants/${restaurantId}/floor`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).sections;
}

/**
 * Demo tables are created without a place on the plan (all at 0,0, one on top of the other). As
 * the owner, puts each section's tables on a grid once, so a tap reaches the table it means.
 * Signed in as the owner: `request` must carry the owner's session.
 */
export async function layOutDemoTables(request: APIRequestContext, restaurantId: string) {
  for (const section of await readFloor(request, restaurantId)) {
    const stacked = new Set(section.tables.map((t) => `${t.x},${t.y}`)).size < section.tables.length;
    if (!stacked) continue;
    // Five columns of four rows fit the plan; a section that earlier tests filled with more tables gets more, narrower columns.
    const columns = Math.max(5, Math.ceil(section.tables.length / 4));
    const step = Math.min(180, Math.floor((PLAN_WIDTH - 40) / columns));
    for (const [i, t] of section.tables.entries()) {
      const res = await request.patch(`/api/restaurants/${restaurantId}/tables/${t.id}`, {
        data: { version: t.version, x: 40 + (i % columns) * step, y: 40 + Math.floor(i / columns) * 160, width: Math.min(120, step - 20), height: 100 },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
}

/**
 * Counts every tap of a journey: each step of the test taps through here, so the count is the
 * number of times a finger touched the screen.
 */
export function tapCounter() {
  let count = 0;
  return {
    async tap(target: Locator) {
      await target.tap();
      count += 1;
    },
    get count() {
      return count;
    },
  };
}

/** A finger dragging from one point to another (real touch events, so pointer events follow). */
export async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
