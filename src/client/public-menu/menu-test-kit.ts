import type { PublicMenu } from '../../shared/public-menu';

/**
 * Salon 7's menu as its QR page gets it, ordering on (confirmed by the waiter): Adana Kebap with a
 * required portion (1,5 is +150 TL) and up to two extras, and an Ayran without options.
 */
export const tableMenu: PublicMenu = {
  restaurantInfo: { name: 'Demo Lokanta' },
  table: { name: 'Salon 7' },
  ordering: { enabled: true, confirmBy: 'waiter' },
  categories: [{ id: 'c1', label: '🔥 Izgaralar', value: 'c1' }],
  menuItems: [
    {
      id: 'adana',
      name: 'Adana Kebap',
      price: 38000,
      category: 'c1',
      optionGroups: [
        { id: 'g1', name: 'Porsiyon', min: 1, max: 1, options: [{ id: 'p1', name: 'Porsiyon: 1', price: 0 }, { id: 'p15', name: 'Porsiyon: 1,5', price: 15000 }] },
        { id: 'g2', name: 'Ekstralar', min: 0, max: 2, options: [{ id: 'e1', name: 'Ekstra peynir', price: 1500 }, { id: 'e2', name: 'Acılı', price: 0 }, { id: 'e3', name: 'Kaymak', price: 2500 }] },
      ],
    },
    { id: 'ayran', name: 'Ayran', price: 4000, category: 'c1' },
  ],
};
