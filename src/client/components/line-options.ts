import { formatTL } from '../../shared/domain/money';

/**
 * A line's options under its name on the adisyon, the bill and Kapalı Hesaplar: "Büyük (+20,00 TL),
 * buzsuz". The line's price already includes the add-ons; the "+" in brackets says what each added.
 */
export const lineOptionsText = (options: readonly { name: string; price: number }[]) =>
  options.map((o) => (o.price > 0 ? `${o.name} (+${formatTL(o.price)})` : o.name)).join(', ');
