/**
 * A figure against the previous equal period, said with an arrow AND a sign and a word, so colour
 * is never the only signal ("▲ +12,5% artış", "▼ −3,0% azalış", "= değişmedi").
 */
export type Trend = 'up' | 'down' | 'same' | 'new' | 'none';

export interface Comparison {
  trend: Trend;
  /** the change in percent, rounded to one decimal; null when there is nothing to divide by */
  percent: number | null;
  /** what the screen prints */
  text: string;
  /** what a screen reader hears */
  label: string;
}

const pct = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function compare(current: number, previous: number): Comparison {
  if (previous === 0 && current === 0) return { trend: 'same', percent: 0, text: '= değişmedi', label: 'Önceki döneme göre değişmedi' };
  if (previous === 0) return { trend: 'new', percent: null, text: '▲ yeni (önceki dönem 0)', label: 'Önceki dönemde yoktu' };
  const raw = ((current - previous) / Math.abs(previous)) * 100;
  const percent = Math.round(raw * 10) / 10;
  if (percent === 0) return { trend: 'same', percent: 0, text: '= değişmedi (%0,0)', label: 'Önceki döneme göre değişmedi' };
  // Turkish puts the percent sign first: %12,5
  const size = `%${pct.format(Math.abs(percent))}`;
  if (percent > 0) return { trend: 'up', percent, text: `▲ +${size} artış`, label: `Önceki döneme göre ${size} artış` };
  return { trend: 'down', percent, text: `▼ −${size} azalış`, label: `Önceki döneme göre ${size} azalış` };
}
