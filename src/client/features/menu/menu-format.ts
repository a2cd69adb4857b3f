import type { OptionGroup } from '../../../shared/menu-contract';
import { formatTL } from '../../../shared/domain/money';

/** "Tek seçim · Zorunlu · 3 seçenek" */
export function describeGroup(g: OptionGroup): string {
  const kind = g.isMultiple ? `Çoklu seçim (${g.minChoices}–${g.maxChoices})` : 'Tek seçim';
  return `${kind} · ${g.isRequired ? 'Zorunlu' : 'İsteğe bağlı'} · ${g.options.length} seçenek`;
}

/** "Porsiyon: 1,5 (+150,00 TL)" */
export const describeOption = (o: { name: string; priceKurus: number }) =>
  o.priceKurus > 0 ? `${o.name} (+${formatTL(o.priceKurus)})` : o.name;
