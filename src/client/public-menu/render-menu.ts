import { formatLira } from '../../shared/money';
import type { PublicMenu } from '../../shared/public-menu';
import { PUBLIC_MENU_FALLBACK_TITLE, groupMenu } from '../../shared/public-menu-view';

/** Builds the menu with DOM calls (textContent only, so menu text can never become markup). */
export function renderMenu(root: HTMLElement, menu: PublicMenu | null): void {
  const doc = root.ownerDocument;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const title = menu?.restaurantInfo.name.trim() || PUBLIC_MENU_FALLBACK_TITLE;
  doc.title = title;
  const header = el('header', 'menu-header');
  header.append(el('h1', 'menu-title', title));

  const sections = menu ? groupMenu(menu) : [];
  const body = sections.map((section) => {
    const node = el('section', 'menu-section');
    node.setAttribute('aria-labelledby', `cat-${section.id}`);
    const h2 = el('h2', 'menu-section-title', section.title);
    h2.id = `cat-${section.id}`;
    const list = el('ul', 'menu-items');
    for (const item of section.items) {
      const li = el('li', 'menu-item');
      const text = el('div', 'menu-item-text');
      text.append(el('h3', 'menu-item-name', item.name));
      if (item.description) text.append(el('p', 'menu-item-description', item.description));
      li.append(text, el('span', 'menu-item-price', formatLira(item.price)));
      list.append(li);
    }
    node.append(h2, list);
    return node;
  });

  root.replaceChildren(header, ...body);
  root.setAttribute('aria-busy', 'false');
}

export function restaurantIdFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/menu\//, '').split('/')[0] ?? '');
}

/** Loads and shows the menu; any failure is logged and leaves the empty menu with the fallback title. */
export async function loadPublicMenu(root: HTMLElement, restaurantId: string, fetchFn: typeof fetch = fetch) {
  let menu: PublicMenu | null = null;
  try {
    const res = await fetchFn(`/api/public/menus/${encodeURIComponent(restaurantId)}`);
    if (!res.ok) throw new Error(`Menü alınamadı (HTTP ${res.status})`);
    menu = (await res.json()) as PublicMenu;
  } catch (err) {
    console.error('Public menu fetch failed', err);
  }
  renderMenu(root, menu);
}
