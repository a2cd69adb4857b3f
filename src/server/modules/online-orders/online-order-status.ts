import { and, inArray, ne } from 'drizzle-orm';
import type { OnlineOrderStatus } from '../../../shared/online-orders-contract';
import type { Db } from '../../db/client';
import { courierAssignments, ticketLines, tickets } from '../../db/schema';
import { NO_STATION } from '../orders';

/** What an accepted order's progress is read from: its ticket, its lines and its courier. */
export interface TicketState {
  number: number;
  status: string;
  lineStatuses: string[];
  /** the courier assignment's status ('assigned' | 'picked_up' | 'delivered'), if it has one */
  courier: string | null;
}

/**
 * Hazırlanıyor, Hazır, Yolda and Teslim Edildi are read from the order's ticket and courier, not
 * stored: the kitchen marks lines and the courier taps steps, and neither module need know that a
 * ticket came from an online order. One truth, and an order can never say Hazır while its dishes
 * are still cooking. A closed ticket is a handed-over order. Stored statuses past acceptance
 * (Reddedildi, İptal) win.
 */
export function derivedStatus(stored: OnlineOrderStatus, ticket: TicketState | undefined): OnlineOrderStatus {
  if (stored !== 'accepted' || !ticket) return stored;
  if (ticket.status === 'closed' || ticket.courier === 'delivered') return 'delivered';
  if (ticket.courier === 'picked_up') return 'on_the_way';
  const live = ticket.lineStatuses.filter((s) => s !== 'cancelled');
  if (live.length > 0 && live.every((s) => s === 'ready' || s === 'served')) return 'ready';
  if (live.some((s) => s === 'preparing' || s === 'ready' || s === 'served')) return 'preparing';
  return 'accepted';
}

/** The ticket, line and courier states of `ticketIds` (three reads, whatever their number). */
export async function ticketStates(db: Db, ticketIds: readonly string[]): Promise<Map<string, TicketState>> {
  const states = new Map<string, TicketState>();
  if (ticketIds.length === 0) return states;
  const ids = [...ticketIds];
  for (const t of await db.select({ id: tickets.id, number: tickets.number, status: tickets.status }).from(tickets).where(inArray(tickets.id, ids))) {
    states.set(t.id, { number: t.number, status: t.status, lineStatuses: [], courier: null });
  }
  // the dishes only: a charge line (our courier's delivery fee) is no step of the kitchen's
  for (const l of await db
    .select({ ticketId: ticketLines.ticketId, status: ticketLines.status })
    .from(ticketLines)
    .where(and(inArray(ticketLines.ticketId, ids), ne(ticketLines.station, NO_STATION)))) {
    states.get(l.ticketId)?.lineStatuses.push(l.status);
  }
  for (const a of await db.select({ ticketId: courierAssignments.ticketId, status: courierAssignments.status }).from(courierAssignments).where(inArray(courierAssignments.ticketId, ids))) {
    const state = states.get(a.ticketId);
    if (state) state.courier = a.status;
  }
  return states;
}
