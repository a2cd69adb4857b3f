import { COURIER_LIMITS, type AssignmentInfo } from '../../../shared/couriers-contract';

/** "şimdi", "45 sn önce", "3 dk önce", "2 sa önce": how old a position is, counted on the server's clock. */
export function ageText(recordedAt: string, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - Date.parse(recordedAt)) / 1000));
  if (seconds < 10) return 'şimdi';
  if (seconds < 60) return `${seconds} sn önce`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} dk önce`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} sa önce`;
  return `${Math.floor(hours / 24)} gün önce`;
}

/** A position is live only while it is fresh: an older one is shown with its age, never as live. */
export const isLivePosition = (recordedAt: string, nowMs: number) => nowMs - Date.parse(recordedAt) <= COURIER_LIMITS.liveSeconds * 1000;

/** Minutes from the order's opening to its delivery ("32 dk"), or null while on the way. */
export function deliveredInText(order: Pick<AssignmentInfo, 'openedAt' | 'deliveredAt'>): string | null {
  if (!order.deliveredAt) return null;
  const minutes = Math.max(0, Math.round((Date.parse(order.deliveredAt) - Date.parse(order.openedAt)) / 60_000));
  return minutes < 60 ? `${minutes} dk` : `${Math.floor(minutes / 60)} sa ${minutes % 60} dk`;
}

const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' });
const dateAndClock = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short' });
/** "07:39" */
export const clockText = (iso: string) => clock.format(new Date(iso));
/** "27.11.2026 07:39", as the other screens write a moment */
export const dateAndClockText = (iso: string) => dateAndClock.format(new Date(iso));
const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** When a courier link ends: "07:39" today, "yarın 07:39", else with its date (a link made at night ends the next morning). */
export function linkEndText(expiresAt: string, nowMs: number): string {
  const end = new Date(expiresAt);
  const days = Math.round((dayOf(end) - dayOf(new Date(nowMs))) / 86_400_000);
  if (days === 0) return clock.format(end);
  if (days === 1) return `yarın ${clock.format(end)}`;
  return dateAndClock.format(end);
}
