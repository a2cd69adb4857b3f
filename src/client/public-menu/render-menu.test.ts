import { describe, expect, it, vi } from 'vitest';
import type { PublicMenu } from '../../shared/public-menu';
import { MENU_DATA_ID } from '../../shared/public-menu-view';
import { keepMenuLive, loadPublicMenu, menuApiUrl, renderMenu, restaurantIdFromPath } from './render-menu';

const menu: PublicMenu = {
  restaurantInfo: { name: 'Demo Lokanta' },
  categories: [
    { id: 'c2', label: '🍮 Tatlılar', value: 'c2' },
    { id: 'c1', label: '🍲 Sıcak Çorbalar', value: 'c1' },
    { id: 'c3', label: '🥤 İçecekler', value: 'c3' },
  ],
  menuItems: [
    { id: 'i1', name: 'Mercimek Çorbası', description: 'Limon ile', price: 9000, category: 'c1' },
    { id: 'i2', name: 'Künefe', price: 22050, category: 'c2' },
    { id: 'i3', name: '<img src=x onerror=alert(1)>', price: 100, category: 'c2' },
  ],
};

/** The block the server puts in the page (src/server/modules/public-menu/menu-page.ts). */
function dataBlock(text: string, etag?: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = MENU_DATA_ID;
  if (etag) block.dataset.etag = etag;
  block.textContent = text;
  document.body.append(block);
  return block;
}

describe('public menu page', () => {
  it('groups items under category titles without their icon, in category order, with ₺ prices', () => {
    const root = document.createElement('main');
    renderMenu(root, menu);
    expect(root.querySelector('h1')!.textContent).toBe('Demo Lokanta');
    const titles = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(titles).toEqual(['Tatlılar', 'Sıcak Çorbalar']); // empty İçecekler is left out
    const prices = [...root.querySelectorAll('.menu-item-price')].map((p) => p.textContent);
    expect(prices).toEqual(['220,50 ₺', '1,00 ₺', '90,00 ₺']);
    expect(root.querySelectorAll('.menu-item-description')).toHaveLength(1);
  });

  it('renders menu text as text, never as markup', () => {
    const root = document.createElement('main');
    renderMenu(root, menu);
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('renders markup in a description, a category label, the restaurant and the table name as text too', () => {
    const evil: PublicMenu = {
      restaurantInfo: { name: '<b>Lokanta</b>' },
      table: { name: '<i>7</i>' },
      categories: [{ id: 'c1', label: '🍲 <svg onload=alert(1)>Çorbalar</svg>', value: 'c1' }],
      menuItems: [{ id: 'i1', name: 'Mercimek', description: '<img src=x onerror=alert(2)> Limonlu', price: 9000, category: 'c1' }],
    };
    const root = document.createElement('main');
    renderMenu(root, evil);
    expect(root.querySelector('img, svg, b, i')).toBeNull();
    expect(root.querySelector('.menu-item-description')!.textContent).toBe('<img src=x onerror=alert(2)> Limonlu');
    expect(root.querySelector('h2')!.textContent).toBe('<svg onload=alert(1)>Çorbalar</svg>');
    expect(root.querySelector('.menu-jump-link')!.textContent).toBe('<svg onload=alert(1)>Çorbalar</svg>');
    expect(root.querySelector('h1')!.textContent).toBe('<b>Lokanta</b>');
    expect(root.querySelector('.menu-table')!.textContent).toContain('<i>7</i>');
  });

  it("shows the fallback title 'Restoran Menüsü' and no items when the fetch fails", async () => {
    const root = document.createElement('main');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadPublicMenu(root, 'abc', vi.fn().mockResolvedValue(new Response('{}', { status: 404 })));
    expect(root.querySelector('h1')!.textContent).toBe('Restoran Menüsü');
    expect(root.querySelectorAll('.menu-item')).toHaveLength(0);
    expect(error).toHaveBeenCalled();
    await loadPublicMenu(root, 'abc', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(root.querySelector('h1')!.textContent).toBe('Restoran Menüsü');
  });

  it('draws the menu that came with the page at once, without a request, and hands on its ETag for the live polling', async () => {
    const block = dataBlock(JSON.stringify(menu), 'W/"abc"');
    const fetchFn = vi.fn();
    const root = document.createElement('main');
    const onRender = vi.fn();
    const first = loadPublicMenu(root, 'r1', fetchFn, '', onRender);
    // drawn before the promise settles: nothing waits for the network or a later task
    expect(root.querySelectorAll('.menu-item')).toHaveLength(3);
    expect(onRender).toHaveBeenCalledWith(menu);
    expect(await first).toEqual({ etag: 'W/"abc"' });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(block.isConnected).toBe(false);
  });

  it('shows the fallback title without a request when the page says there is no menu (null)', async () => {
    dataBlock('null');
    const fetchFn = vi.fn();
    const root = document.createElement('main');
    expect(await loadPublicMenu(root, 'r1', fetchFn)).toEqual({ etag: null });
    expect(root.querySelector('h1')!.textContent).toBe('Restoran Menüsü');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('asks the API when the page came without its menu (or with a broken block)', async () => {
    dataBlock('{"restaurantInfo":');
    const fetchFn = vi.fn(async () => new Response(JSON.stringify(menu), { status: 200, headers: { etag: 'W/"1"' } }));
    const root = document.createElement('main');
    expect(await loadPublicMenu(root, 'r1', fetchFn)).toEqual({ etag: 'W/"1"' });
    expect(fetchFn).toHaveBeenCalledWith('/api/public/menus/r1');
    expect(root.querySelectorAll('.menu-item')).toHaveLength(3);
  });

  it('reads the restaurant id from /menu/<id>', () => {
    expect(restaurantIdFromPath('/menu/0b6e1c1e-1111-4a4a-8b8b-123456789abc')).toBe('0b6e1c1e-1111-4a4a-8b8b-123456789abc');
    expect(restaurantIdFromPath('/menu/abc/')).toBe('abc');
  });
});

describe('public menu extras', () => {
  const withPhoto: PublicMenu = {
    ...menu,
    table: { name: '7' },
    menuItems: [
      { id: 'i1', name: 'İşkembe Çorbası', description: 'Sarımsaklı', price: 14000, category: 'c1', photo: '/api/public/photos/a.jpg' },
      { id: 'i4', name: 'Mercimek Çorbası', price: 9000, category: 'c1' },
      { id: 'i2', name: 'Künefe', price: 22050, category: 'c2' },
    ],
  };
  const type = (root: HTMLElement, text: string) => {
    const input = root.querySelector<HTMLInputElement>('#menu-search')!;
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  const visibleNames = (root: HTMLElement) =>
    [...root.querySelectorAll<HTMLElement>('.menu-item')].filter((li) => !li.hidden).map((li) => li.querySelector('h3')!.textContent);

  it('shows the table from the QR code as "Masa 7"', () => {
    const root = document.createElement('main');
    renderMenu(root, withPhoto);
    expect(root.querySelector('.menu-table')!.textContent).toBe('Masa 7');
  });

  it('adds item photos lazy-loaded, with a fixed size so nothing jumps', () => {
    const root = document.createElement('main');
    renderMenu(root, withPhoto);
    const img = root.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/public/photos/a.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.width, img.height]).toEqual([72, 72]);
    expect(root.querySelectorAll('img')).toHaveLength(1);
  });

  it('has a jump bar with one link per category that has items', () => {
    const root = document.createElement('main');
    renderMenu(root, withPhoto);
    const links = [...root.querySelectorAll<HTMLAnchorElement>('.menu-jump a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Tatlılar', '#cat-c2'],
      ['Sıcak Çorbalar', '#cat-c1'],
    ]);
    expect(root.querySelector('#cat-c1 h2')!.textContent).toBe('Sıcak Çorbalar');
  });

  it('searches the Turkish way and hides sections without matches', () => {
    const root = document.createElement('main');
    renderMenu(root, withPhoto);
    type(root, 'işkembe');
    expect(visibleNames(root)).toEqual(['İşkembe Çorbası']);
    expect(root.querySelector<HTMLElement>('#cat-c2')!.hidden).toBe(true);
    type(root, 'ISKEMBE');
    expect(visibleNames(root)).toEqual(['İşkembe Çorbası']);
    type(root, 'sarımsak');
    expect(visibleNames(root)).toEqual(['İşkembe Çorbası']);
    type(root, 'pizza');
    expect(visibleNames(root)).toEqual([]);
    expect(root.querySelector('.menu-no-match')!.textContent).toBe('“pizza” ile eşleşen ürün yok.');
    type(root, '');
    expect(visibleNames(root)).toHaveLength(3);
  });

  it('keeps the search box, its text and its focus when the menu refreshes', () => {
    const root = document.createElement('main');
    document.body.append(root);
    renderMenu(root, withPhoto);
    const input = root.querySelector<HTMLInputElement>('#menu-search')!;
    input.focus();
    type(root, 'çorba');
    renderMenu(root, { ...withPhoto, menuItems: withPhoto.menuItems.filter((i) => i.id !== 'i1') });
    expect(root.querySelector('#menu-search')).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(visibleNames(root)).toEqual(['Mercimek Çorbası']);
    root.remove();
  });
});

describe('live public menu', () => {
  const json = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag } });

  it('asks with If-None-Match, redraws on a change and shows the fallback when the menu goes offline', async () => {
    vi.useFakeTimers();
    try {
      const root = document.createElement('main');
      const soldOut = { ...menu, menuItems: menu.menuItems.filter((i) => i.id !== 'i2') };
      const responses = [new Response(null, { status: 304 }), json(soldOut, 'W/"2"'), new Response('{}', { status: 404 })];
      const fetchFn = vi.fn(async () => responses.shift()!);
      renderMenu(root, menu);
      const stop = keepMenuLive(root, 'r1', { etag: 'W/"1"' }, { fetchFn: fetchFn as typeof fetch, search: '?masa=t7', intervalMs: 1000 });

      await vi.advanceTimersByTimeAsync(1000);
      expect(fetchFn).toHaveBeenLastCalledWith('/api/public/menus/r1?masa=t7', { headers: { 'if-none-match': 'W/"1"' }, cache: 'no-store' });
      expect(root.querySelectorAll('.menu-item')).toHaveLength(3);

      await vi.advanceTimersByTimeAsync(1000);
      expect(root.textContent).not.toContain('Künefe');
      expect(root.querySelectorAll('.menu-item')).toHaveLength(2);

      await vi.advanceTimersByTimeAsync(1000);
      expect(root.querySelector('h1')!.textContent).toBe('Restoran Menüsü');
      expect(root.querySelectorAll('.menu-item')).toHaveLength(0);
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(fetchFn).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what it shows while the network is away', async () => {
    vi.useFakeTimers();
    try {
      const root = document.createElement('main');
      renderMenu(root, menu);
      const fetchFn = vi.fn().mockRejectedValue(new TypeError('offline'));
      const stop = keepMenuLive(root, 'r1', { etag: 'W/"1"' }, { fetchFn, intervalMs: 1000 });
      await vi.advanceTimersByTimeAsync(3000);
      expect(fetchFn).toHaveBeenCalledTimes(3);
      expect(root.querySelectorAll('.menu-item')).toHaveLength(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes the table of the QR link on to the API', () => {
    expect(menuApiUrl('r1', '?masa=abc-1')).toBe('/api/public/menus/r1?masa=abc-1');
    expect(menuApiUrl('r1', '')).toBe('/api/public/menus/r1');
  });
});
