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

/** The adisyon's bottom sheet of lines on a phone ("Masa 3 · Satırlar"). */
export const linesSheet = (page: Page) => page.getByRole('dialog', { name: / · Satırlar$/ });

/** On a phone the adisyon's lines wait behind the summary bar: opens their sheet and returns it. */
export async function openLinesSheet(page: Page): Promise<Locator> {
  const sheet = linesSheet(page);
  await page.getByTestId('lines-summary').click();
  await expect(sheet).toBeVisible();
  return sheet;
}

/** Closes the sheet of lines by its ✕, back to the dish picker. */
export async function closeLinesSheet(page: Page) {
  const sheet = linesSheet(page);
  await sheet.getByRole('button', { name: 'Satırları kapat' }).click();
  await expect(sheet).toHaveCount(0);
}

/** One of the adisyon's actions in its ⋯ menu: Hesap İste, Masa Taşı, Satırları Taşı, Masa Birleştir. */
export async function chooseTicketAction(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: 'Adisyon işlemleri' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/**
 * The kitchen has received every batch sent so far (as an open kitchen screen would): no
 * "Mutfak siparişi almadı" alert from earlier tests lands on a journey that counts taps.
 * `owner` must carry the owner's session.
 */
export async function kitchenReceivedEverything(owner: APIRequestContext, rid: string) {
  const orders = (await (await owner.get(`/api/restaurants/${rid}/kitchen/orders`)).json()) as { batchId: string }[];
  for (let i = 0; i < orders.length; i += 500) {
    const res = await owner.post(`/api/restaurants/${rid}/kitchen/acknowledge`, { data: { batchIds: orders.slice(i, i + 500).map((o) => o.batchId), station: '' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** A section of its own with one free table near the top left, whatever earlier tests left open. */
export async function ownSection(owner: APIRequestContext, rid: string, prefix: string) {
  const tag = Date.now().toString(36).slice(-4);
  const made = await owner.post(`/api/restaurants/${rid}/sections`, { data: { name: `${prefix} ${tag}` } });
  expect(made.status(), await made.text()).toBe(201);
  const section = (await made.json()) as { id: string; name: string };
  const res = await owner.post(`/api/restaurants/${rid}/tables`, { data: { sectionId: section.id, name: `${prefix} ${tag}-1` } });
  expect(res.status(), await res.text()).toBe(201);
  return { section, table: (await res.json()) as { id: string; name: string } };
}

/**
 * The kitchen's in-app alert ("Mutfak siparişi almadı", UNACKNOWLEDGED_ALERT_SECONDS after a send
 * no kitchen screen received; nobody runs the kitchen screen in these specs) stays until closed
 * and, at the top of a phone's screen, may cover the adisyon's header or the sheet's ✕: it is
 * closed whenever it shows.
 */
export async function closeKitchenAlerts(page: Page) {
  const toast = page.getByTestId('kitchen-toast');
  const openDialog = page.getByRole('dialog');
  await page.addLocatorHandler(
    toast,
    async () => {
      // Under an open dialog the alert waits (the dialog's overlay covers it, as it covers the
      // whole screen), and the dialog's own controls are not covered by it: closed after the dialog.
      if ((await openDialog.count()) > 0) return;
      // one at a time, the newest on top, until none is left
      while ((await toast.count()) > 0) await toast.first().getByRole('button', { name: 'Kapat' }).click();
    },
    { noWaitAfter: true },
  );
}
