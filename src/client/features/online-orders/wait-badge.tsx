import { useSyncExternalStore } from 'react';
import classes from './online-orders.module.css';
import { URGENCY_LABELS, ot, urgencyOf, waitText } from './online-orders-text';

const URGENCY_COLORS = { fresh: 'var(--mantine-color-orange-9)', warn: 'var(--mantine-color-red-8)', late: 'var(--mantine-color-red-9)' } as const;

/**
 * One clock for every waiting card: a single timer while at least one card shows a wait, and all
 * of them move in the same render each second (not one render per card at scattered moments).
 * Only the badges read it, so the rest of a card, and the page, never re-render for the time.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** While the clock runs, its last tick; before the first card subscribes, the time read now (to the second). */
function readClock() {
  if (timer === undefined) now = Math.floor(Date.now() / 1000) * 1000;
  return now;
}

export function useSecondClock() {
  return useSyncExternalStore(subscribe, readClock);
}

/** How long an unanswered order has waited, escalating in words and colour (Yeni → Yanıt bekliyor → Acil: gecikti). */
export function WaitBadge({ receivedAt }: { receivedAt: string }) {
  const waited = useSecondClock() - Date.parse(receivedAt);
  const urgency = urgencyOf(waited);
  return (
    <span className={`${classes.badge} ${classes.badgeXl}`} style={{ background: URGENCY_COLORS[urgency] }} data-testid="order-wait" data-urgency={urgency}>
      {`${URGENCY_LABELS[urgency]} · ${ot.waiting}: ${waitText(waited)}`}
    </span>
  );
}
