import { MENU_MESSAGES } from './menu-messages';

describe('the zero price refusal of a bulk change', () => {
  it('names up to five dishes, all of them when there are exactly five', () => {
    expect(MENU_MESSAGES.zeroPrices(['A', 'B', 'C', 'D', 'E'])).toBe(
      'Bu değişiklikle 5 ürünün fiyatı 0,00 TL olur ("A", "B", "C", "D", "E"). Ürünleri bedava sunmak istiyorsanız bunu onaylayarak kaydedin.',
    );
  });

  it('names the first five of more and counts the rest', () => {
    expect(MENU_MESSAGES.zeroPrices(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toBe(
      'Bu değişiklikle 7 ürünün fiyatı 0,00 TL olur ("A", "B", "C", "D", "E" ve 2 ürün daha). Ürünleri bedava sunmak istiyorsanız bunu onaylayarak kaydedin.',
    );
  });

  it('says how many items a category still holds', () => {
    expect(MENU_MESSAGES.categoryHasItems(3)).toBe('Bu kategoride 3 ürün var. Kategoriyi silmeden önce ürünleri başka bir kategoriye taşıyın ya da silin.');
  });
});
