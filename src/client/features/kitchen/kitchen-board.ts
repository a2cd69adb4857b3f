import { isActiveKitchenStatus, type KitchenLine, type KitchenOrder } from '../../../shared/kitchen-contract';

export type AgeLevel = 'fresh' | 'warn' | 'late';

/** Whole minutes since sending, and the owner's ageing level (Ayarlar: warn and late minutes). */
export function ageOf(sentAt: string, now: number, thresholds: { warnMinutes: number; lateMinutes: number }) {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sentAt)) / 60_000));
  const level: AgeLevel = minutes >= thresholds.lateMinutes ? 'late' : minutes >= thresholds.warnMinutes ? 'warn' : 'fresh';
  return { minutes, level };
}

/** A card stays on the kitchen screen while something on it is still to be made. */
export const isOnBoard = (card: KitchenOrder) => card.lines.some((l) => isActiveKitchenStatus(l.status));

/** A card is keyed by batch and ticket: after "lines to another table" one batch has two cards. */
export const cardKey = (card: Pick<KitchenOrder, 'batchId' | 'ticketId'>) => `${card.batchId}:${card.ticketId}`;

const collator = new Intl.Collator('tr');

/**
 * "12 × Adana Kebap": what is still to make across every card, most first. A dish with options is
 * counted per choice ("2 × Ayran (Büyük)", "4 × Ayran (Küçük)"): a size or a portion is another
 * thing to make, and adding them up would send the cook for the wrong glass.
 */
export function pendingSummary(cards: readonly KitchenOrder[]): { name: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const card of cards) {
    for (const line of card.lines) {
      if (!isActiveKitchenStatus(line.status) || isHeldLine(line)) continue;
      const name = line.options.length ? `${line.name} (${line.options.map((o) => o.name).join(', ')})` : line.name;
      totals.set(name, (totals.get(name) ?? 0) + line.quantity);
    }
  }
  return [...totals].map(([name, quantity]) => ({ name, quantity })).sort((a, b) => b.quantity - a.quantity || collator.compare(a.name, b.name));
}

/** Servis sırası: a line the waiter holds ("Ana yemek beklet") is seen by the cook, not cooked yet. */
export const isHeldLine = (line: Pick<KitchenLine, 'isHeld' | 'status'>) => line.isHeld && line.status === 'sent';

/** The card's held lines by course, in the order they appear: "Bekleyen: Ana yemek". */
export function heldCourses(lines: readonly KitchenLine[]): { course: string; lines: KitchenLine[] }[] {
  const groups = new Map<string, KitchenLine[]>();
  for (const line of lines) if (isHeldLine(line)) groups.set(line.course ?? '', [...(groups.get(line.course ?? '') ?? []), line]);
  return [...groups].map(([course, held]) => ({ course, lines: held }));
}

/**
 * Courses the waiter fired whose lines the cook has not started yet: the card says "Ana yemek
 * başladı" until then (a tap on the line or Tümü Hazır ends it).
 */
export function firedCourses(lines: readonly KitchenLine[]): string[] {
  const fired = lines.filter((l) => l.firedAt !== null && !l.isHeld && l.status === 'sent').map((l) => l.course ?? '');
  return [...new Set(fired)];
}
