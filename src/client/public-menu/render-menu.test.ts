import { describe, expect, it, vi } from 'vitest';
import type { PublicMenu } from '../../shared/public-menu';
import { loadPublicMenu, renderMenu, restaurantIdFromPath } from './render-menu';

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

  it('reads the restaurant id from /menu/<id>', () => {
    expect(restaurantIdFromPath('/menu/0b6e1c1e-1111-4a4a-8b8b-123456789abc')).toBe('0b6e1c1e-1111-4a4a-8b8b-123456789abc');
    expect(restaurantIdFromPath('/menu/abc/')).toBe('abc');
  });
});
