import type { ReadyLine } from '../../../shared/kitchen-contract';
import { whereLabel } from './kitchen-text';

export interface ReadyGroup {
  ticketId: string;
  where: string;
  waiterName: string | null;
  /** newest ready first */
  lines: ReadyLine[];
  /** when its newest dish became ready (ms) */
  newestAt: number;
}

/**
 * Garson Ekranı's tables: the table whose dish became ready last comes first, and in each table the
 * newest dish is on top — a phone shows the top of the list, so what just came out is never
 * below the fold.
 */
export function groupReadyLines(lines: readonly ReadyLine[]): ReadyGroup[] {
  const groups = new Map<string, ReadyGroup>();
  for (const l of lines) {
    const at = Date.parse(l.readyAt);
    const g = groups.get(l.ticketId) ?? { ticketId: l.ticketId, where: whereLabel(l), waiterName: l.waiterName, lines: [], newestAt: at };
    g.lines.push(l);
    g.newestAt = Math.max(g.newestAt, at);
    groups.set(l.ticketId, g);
  }
  const newestFirst = (a: number, b: number) => b - a;
  for (const g of groups.values()) g.lines.sort((a, b) => newestFirst(Date.parse(a.readyAt), Date.parse(b.readyAt)));
  return [...groups.values()].sort((a, b) => newestFirst(a.newestAt, b.newestAt));
}
