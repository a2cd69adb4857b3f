/**
 * Search that works the way Turkish users type: case-insensitive with Turkish rules (İ/i, I/ı),
 * and forgiving of missing Turkish letters ("iskembe" finds "İşkembe", "cay" finds "Çay").
 */
export function foldTurkish(text: string): string {
  return (
    text
      // Before lower-casing, so the result does not depend on the runtime's locale data.
      .replace(/[İI]/g, 'i')
      .toLowerCase()
      // ş ç ğ ö ü â î û decompose into a base letter and a mark; the marks go, ı has none.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** True when every word of the query occurs in the text (in any order). Empty query: true. */
export function matchesSearch(text: string, query: string): boolean {
  const words = foldTurkish(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldTurkish(text);
  return words.every((w) => haystack.includes(w));
}

/** Same name for a person reading Turkish: "İÇECEKLER" and "içecekler" are one category. */
export const isSameName = (a: string, b: string) => a.trim().toLocaleLowerCase('tr-TR') === b.trim().toLocaleLowerCase('tr-TR');
