import { expect, type APIRequestContext, type Locator, type Page } from '../fixtures';

interface MenuItem {
  id: string;
  name: string;
  categoryId: string;
  isAvailable: boolean;
  optionGroupIds: string[];
}
export interface ApiTicket {
  id: string;
  number: number;
  version: number;
  lines: { id: string; name: string }[];
}

/**
 * Tables of the spec's own in the first section (the demo tables are shared by every spec), made
 * by the owner: `owner` must carry the owner's session. Names are unique per run.
 */
export async function ownTables(owner: APIRequestContext, rid: string, prefix: string, count: number) {
  const floor = (await (await owner.get(`/api/restaurants/${rid}/floor`)).json()) as { sections: { id: string }[] };
  const tag = Date.now().toString(36).slice(-4);
  const tables: { id: string; name: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await owner.post(`/api/restaurants/${rid}/tables`, { data: { sectionId: floor.sections[0].id, name: `${prefix} ${tag}-${i}` } });
    expect(res.status(), await res.text()).toBe(201);
    tables.push(await res.json());
  }
  return tables;
}

/** The table-service API as the signed-in waiter (`request` shares the waiter page's cookies). */
export function waiterApi(request: APIRequestContext, rid: string) {
  const url = (path: string) => `/api/restaurants/${rid}${path}`;
  return {
    /** Available dishes without options in visible categories: each can be ordered as it is. */
    async plainItems(): Promise<MenuItem[]> {
      const menu = (await (await request.get(url('/menu'))).json()) as { items: MenuItem[]; categories: { id: string; isVisible: boolean }[] };
      const visible = new Set(menu.categories.filter((c) => c.isVisible).map((c) => c.id));
      return menu.items.filter((i) => i.isAvailable && i.optionGroupIds.length === 0 && visible.has(i.categoryId));
    },
    async open(body: unknown): Promise<ApiTicket> {
      const res = await request.post(url('/tickets'), { data: body });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    },
    async add(t: ApiTicket, menuItemIds: string[]): Promise<ApiTicket> {
      const res = await request.post(url(`/tickets/${t.id}/lines`), { data: { version: t.version, lines: menuItemIds.map((menuItemId) => ({ menuItemId, quantity: 1 })) } });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
    async send(t: ApiTicket): Promise<ApiTicket> {
      const res = await request.post(url(`/tickets/${t.id}/send`), { data: { version: t.version } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).ticket;
    },
  };
}

/**
 * A button a thumb can press where it is: wholly inside the 390×844 screen (not clipped by a
 * scrolling dialog) and the topmost thing at its centre (nothing covers it).
 */
export async function expectPressableWithoutScrolling(page: Page, button: Locator) {
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  const isOnTop = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(isOnTop, 'the button is covered by something else').toBe(true);
}
