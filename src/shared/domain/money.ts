/**
 * Money is integer kuruş everywhere (1 TL = 100 kuruş); these helpers format only at the edge.
 * Turkish grouping: 1.250,50
 */
const tr2 = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(kurus: number): string {
  return tr2.format(kurus / 100);
}

/** Receipts: "TL with 2 decimals" (spec section 9). */
export function formatTL(kurus: number): string {
  return `${formatAmount(kurus)} TL`;
}

/** Public menu: "price followed by ₺" (spec section 2). */
export function formatLira(kurus: number): string {
  return `${formatAmount(kurus)} ₺`;
}

/** The most a single price (item or option add-on) may be: 1.000.000 TL. */
export const MAX_PRICE_KURUS = 100_000_000;

export type MoneyReading = { ok: true; kurus: number } | { ok: false; error: string };

// Turkish notation only: "1250", "1250,5", "1.250,50" (dot groups thousands, comma starts the
// kuruş). "12.5" is refused rather than guessed: in Turkish it is not a number, and reading it as
// 12,50 or as 125 would silently put a wrong price on the menu.
const PLAIN = /^\d+(,\d+)?$/;
const GROUPED = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
const CURRENCY = /\s*(tl|₺)$/i;

/** Reads an amount typed the Turkish way into kuruş, or says in Turkish what is wrong with it. */
export function readTurkishMoney(input: string, label = 'Fiyat'): MoneyReading {
  const text = input.trim().replace(CURRENCY, '').trim();
  if (text === '') return { ok: false, error: `${label} boş olamaz` };
  if (/^[-−]/.test(text)) return { ok: false, error: `${label} negatif olamaz` };
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return { ok: false, error: `${label} geçerli bir tutar değil (örnek: 1.250,50)` };
  }
  const [whole, fraction = ''] = text.replaceAll('.', '').split(',');
  if (fraction.length > 2) return { ok: false, error: `${label} en fazla 2 kuruş basamağı içerebilir` };
  const lira = whole.replace(/^0+(?=\d)/, '');
  // Compare as strings first: a 20-digit lira amount must not pass through a lossy float.
  if (lira.length > 7) return { ok: false, error: `${label} en fazla ${formatTL(MAX_PRICE_KURUS)} olabilir` };
  const kurus = Number(lira) * 100 + Number(fraction.padEnd(2, '0'));
  if (kurus > MAX_PRICE_KURUS) return { ok: false, error: `${label} en fazla ${formatTL(MAX_PRICE_KURUS)} olabilir` };
  return { ok: true, kurus };
}

/** "1.250,50" → 125050. Throws an Error with the Turkish reason for anything else. */
export function parseTurkishMoney(input: string): number {
  const reading = readTurkishMoney(input);
  if (!reading.ok) throw new Error(reading.error);
  return reading.kurus;
}

/** The editable form of an amount: 125050 → "1.250,50", 9000 → "90,00". */
export function formatMoneyInput(kurus: number): string {
  return formatAmount(kurus);
}
