import { formatLira } from '../../shared/domain/money';
import type { PublicMenu } from '../../shared/public-menu';
import { MENU_DATA_ID, PUBLIC_MENU_FALLBACK_TITLE, groupMenu, tableLabel } from '../../shared/public-menu-view';
import { matchesSearch } from '../../shared/turkish-search';

type Tag = keyof HTMLElementTagNameMap;

export function el<K extends Tag>(doc: Document, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Builds the menu with DOM calls (textContent only, so menu text can never become markup). The
 * header, the search box and the jump bar stay in place across live updates, so a customer who is
 * typing a search keeps the focus and the query while the menu refreshes under it.
 */
export function renderMenu(root: HTMLElement, menu: PublicMenu | null): void {
  const doc = root.ownerDocument;
  const title = menu?.restaurantInfo.name.trim() || PUBLIC_MENU_FALLBACK_TITLE;
  doc.title = title;

  let header = root.querySelector<HTMLElement>(':scope > .menu-header');
  if (!header) {
    root.replaceChildren();
    header = el(doc, 'header', 'menu-header');
    header.append(el(doc, 'h1', 'menu-title'));
    root.append(header);
  }
  header.querySelector('h1')!.textContent = title;
  header.querySelector('.menu-table')?.remove();
  if (menu?.table) header.append(el(doc, 'p', 'menu-table', tableLabel(menu.table.name)));

  const sections = menu ? groupMenu(menu) : [];
  // Each dish gets its "Ekle" button only while the table can order (order-pad.ts handles the taps).
  const canOrder = menu?.ordering?.enabled === true && menu.table !== undefined;
  let tools = root.querySelector<HTMLElement>(':scope > .menu-tools');
  let body = root.querySelector<HTMLElement>(':scope > .menu-body');
  if (sections.length === 0) {
    tools?.remove();
    body?.remove();
    root.setAttribute('aria-busy', 'false');
    return;
  }
  if (!tools) {
    tools = buildTools(doc, root);
    body = el(doc, 'div', 'menu-body');
    root.append(tools, body);
  }

  const nav = tools.querySelector('nav')!;
  nav.replaceChildren(
    ...sections.map((s) => {
      const link = el(doc, 'a', 'menu-jump-link', s.title);
      link.href = `#cat-${s.id}`;
      link.dataset.section = s.id;
      return link;
    }),
  );

  body!.replaceChildren(
    ...sections.map((section) => {
      const node = el(doc, 'section', 'menu-section');
      node.id = `cat-${section.id}`;
      node.setAttribute('aria-labelledby', `cat-title-${section.id}`);
      const h2 = el(doc, 'h2', 'menu-section-title', section.title);
      h2.id = `cat-title-${section.id}`;
      const list = el(doc, 'ul', 'menu-items');
      for (const item of section.items) {
        const li = el(doc, 'li', 'menu-item');
        li.dataset.search = `${item.name} ${item.description ?? ''}`;
        if (item.photo) {
          const img = el(doc, 'img', 'menu-item-photo');
          img.src = item.photo;
          img.alt = '';
          img.width = 72;
          img.height = 72;
          img.setAttribute('loading', 'lazy');
          img.setAttribute('decoding', 'async');
          li.append(img);
        }
        const text = el(doc, 'div', 'menu-item-text');
        text.append(el(doc, 'h3', 'menu-item-name', item.name));
        if (item.description) text.append(el(doc, 'p', 'menu-item-description', item.description));
        li.append(text, el(doc, 'span', 'menu-item-price', formatLira(item.price)));
        if (canOrder) {
          const add = el(doc, 'button', 'pad-add', 'Ekle');
          add.type = 'button';
          add.dataset.add = item.id;
          add.setAttribute('aria-label', `${item.name} ekle`);
          li.append(add);
        }
        list.append(li);
      }
      node.append(h2, list);
      return node;
    }),
    el(doc, 'p', 'menu-status menu-no-match'),
  );
  applySearch(root);
  root.setAttribute('aria-busy', 'false');
}

function buildTools(doc: Document, root: HTMLElement): HTMLElement {
  const tools = el(doc, 'div', 'menu-tools');
  const label = el(doc, 'label', 'visually-hidden', 'Menüde ara');
  label.htmlFor = 'menu-search';
  const search = el(doc, 'input', 'menu-search');
  search.id = 'menu-search';
  search.type = 'search';
  search.placeholder = 'Menüde ara…';
  search.autocomplete = 'off';
  search.addEventListener('input', () => applySearch(root));
  const nav = el(doc, 'nav', 'menu-jump');
  nav.setAttribute('aria-label', 'Kategoriler');
  tools.append(label, search, nav);
  return tools;
}

/** Shows only items whose name or description matches (Turkish-aware), and the sections that have any. */
export function applySearch(root: HTMLElement): void {
  const query = root.querySelector<HTMLInputElement>('#menu-search')?.value ?? '';
  let shown = 0;
  for (const section of root.querySelectorAll<HTMLElement>('.menu-section')) {
    let inSection = 0;
    for (const item of section.querySelectorAll<HTMLElement>('.menu-item')) {
      const isMatch = matchesSearch(item.dataset.search ?? '', query);
      item.hidden = !isMatch;
      if (isMatch) inSection++;
    }
    section.hidden = inSection === 0;
    const link = root.querySelector<HTMLElement>(`.menu-jump-link[data-section="${section.id.slice(4)}"]`);
    if (link) link.hidden = inSection === 0;
    shown += inSection;
  }
  const note = root.querySelector<HTMLElement>('.menu-no-match');
  if (note) note.textContent = shown === 0 && query.trim() ? `“${query.trim()}” ile eşleşen ürün yok.` : '';
}

export function restaurantIdFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/menu\//, '').split('/')[0] ?? '');
}

export function menuApiUrl(restaurantId: string, search: string): string {
  const table = new URLSearchParams(search).get('masa');
  const query = table ? `?masa=${encodeURIComponent(table)}` : '';
  return `/api/public/menus/${encodeURIComponent(restaurantId)}${query}`;
}

export interface LoadResult {
  etag: string | null;
}

/**
 * The menu the server sent inside the page (the API's answer for this address, or null when it has
 * none to show), taken out of the document; undefined when the page came without it (Vite's dev
 * server, or a server that could not read the menu just then).
 */
export function takeEmbeddedMenu(doc: Document): { menu: PublicMenu | null; etag: string | null } | undefined {
  const block = doc.getElementById(MENU_DATA_ID);
  if (!block) return undefined;
  block.remove();
  try {
    return { menu: JSON.parse(block.textContent ?? '') as PublicMenu | null, etag: block.dataset.etag ?? null };
  } catch {
    return undefined;
  }
}

/**
 * Shows the menu: the one that came with the page at once, without a request; otherwise it is
 * loaded, and any failure is logged and leaves the empty menu with the fallback title.
 */
export async function loadPublicMenu(
  root: HTMLElement,
  restaurantId: string,
  fetchFn: typeof fetch = fetch,
  search = '',
  onRender?: (menu: PublicMenu | null) => void,
): Promise<LoadResult> {
  const embedded = takeEmbeddedMenu(root.ownerDocument);
  if (embedded) {
    renderMenu(root, embedded.menu);
    onRender?.(embedded.menu);
    return { etag: embedded.etag };
  }
  let menu: PublicMenu | null = null;
  let etag: string | null = null;
  try {
    const res = await fetchFn(menuApiUrl(restaurantId, search));
    if (!res.ok) throw new Error(`Menü alınamadı (HTTP ${res.status})`);
    etag = res.headers.get('etag');
    menu = (await res.json()) as PublicMenu;
  } catch (err) {
    console.error('Public menu fetch failed', err);
  }
  renderMenu(root, menu);
  onRender?.(menu);
  return { etag };
}

export const LIVE_INTERVAL_MS = 4000;

/**
 * Keeps the open menu current: asks every few seconds with If-None-Match (a 304 costs a few
 * bytes), redraws on a change, and shows the empty menu when the owner takes it offline. Pauses
 * while the page is hidden. Returns a function that stops it.
 */
export function keepMenuLive(
  root: HTMLElement,
  restaurantId: string,
  first: LoadResult,
  options: { fetchFn?: typeof fetch; search?: string; intervalMs?: number; onRender?: (menu: PublicMenu | null) => void } = {},
): () => void {
  const { fetchFn = fetch, search = '', intervalMs = LIVE_INTERVAL_MS, onRender } = options;
  const show = (menu: PublicMenu | null) => {
    renderMenu(root, menu);
    onRender?.(menu);
  };
  const doc = root.ownerDocument;
  let etag = first.etag;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  async function poll() {
    if (isStopped || doc.hidden) return;
    try {
      const res = await fetchFn(menuApiUrl(restaurantId, search), { headers: etag ? { 'if-none-match': etag } : {}, cache: 'no-store' });
      if (res.status === 200) {
        const next = res.headers.get('etag');
        if (next !== etag) show((await res.json()) as PublicMenu);
        etag = next;
      } else if (res.status === 404) {
        if (etag !== null) show(null);
        etag = null;
      }
    } catch {
      // Offline for a moment (mobile data): keep what is shown and ask again later.
    }
  }
  const schedule = () => {
    if (!isStopped) timer = setTimeout(() => void poll().finally(schedule), intervalMs);
  };
  const onVisible = () => {
    if (!doc.hidden) void poll();
  };
  doc.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
