import { formatTL } from '../../../../shared/domain/money';

export { formatTL };

const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('tr-TR');
const compact = new Intl.NumberFormat('tr-TR', { notation: 'compact', maximumFractionDigits: 1 });

/** A share 0..1 as the Turks write it: %12,5 */
export const formatShare = (share: number) => `%${oneDecimal.format(share * 100)}`;
/** 1.250 */
export const formatCount = (n: number) => whole.format(n);
/** On a chart's axis: kuruş as short lira, "12,5 B" */
export const formatAxisTL = (kurus: number) => compact.format(kurus / 100);
/** 25.11 (a day on a chart's axis) */
export const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
