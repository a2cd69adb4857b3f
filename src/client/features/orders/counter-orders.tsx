import { Alert } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import { TABLE_STATE_LABELS, TICKET_TYPE_LABELS, type TicketSummary } from '../../../shared/ticket-contract';
import { paymentHint } from '../../components/payment-hint';
import { TABLE_STATE_ICONS } from '../../components/status-icons';
import { ageLabel, minutesSince, whereLabel } from './order-logic';
import { ticketPath } from './paths';
import { useOpenTickets } from './api/ticket-hooks';
import classes from './orders.module.css';

const TYPE_ICONS = { takeaway: '🥡', delivery: '🛵' } as const;

/** The open Gel-Al and Paket Servis adisyons, oldest first (the order the server lists them in). */
export const counterOrders = (open: readonly TicketSummary[]) => open.filter((t) => t.type !== 'table');

/** Everything an order's row says, for screen readers: where, number, state, total, payment, age, waiter. */
export function counterOrderSummary(t: TicketSummary, now: number): string {
  const parts = [`${whereLabel(t)}, #${t.number}`, TABLE_STATE_LABELS[t.state], formatTL(t.total)];
  const hint = paymentHint(t.total, t.remaining);
  if (hint) parts.push(hint.replace('✓ ', ''));
  parts.push(ageLabel(minutesSince(t.openedAt, now)));
  if (t.waiterName) parts.push(`Garson: ${t.waiterName}`);
  return parts.join(', ');
}

/**
 * Gel-Al / Paket Servis on the Sipariş Ekranı, above the tables in both the floor and the list
 * view: orders without a table have no tile to tap, so without this a waiter who left one could
 * not get back to it (nor to its Hesap). Every open one is listed, as every table is: the server
 * lets any waiter of the restaurant open and serve any open adisyon. Each row says its state in
 * the tables' words (Dolu, Mutfakta bekliyor, Servise hazır, Hesap istendi) and its total; a tap
 * opens the adisyon. Nothing is drawn while none is open.
 */
export function CounterOrders({ now }: { now: number }) {
  const open = useOpenTickets();
  if (open.isError) {
    return (
      <Alert color="red" role="alert">
        {TICKET_TYPE_LABELS.takeaway} / {TICKET_TYPE_LABELS.delivery} siparişleri yüklenemedi: {open.error.message}
      </Alert>
    );
  }
  const orders = counterOrders(open.data ?? []);
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="counter-orders-title" data-testid="counter-orders">
      <h3 id="counter-orders-title" className={classes.counterTitle}>
        {TICKET_TYPE_LABELS.takeaway} / {TICKET_TYPE_LABELS.delivery} ({orders.length})
      </h3>
      <ul className={classes.counterList}>
        {orders.map((t) => {
          const hint = paymentHint(t.total, t.remaining);
          return (
            <li key={t.id}>
              <Link
                to={ticketPath(t.id)}
                className={classes.row}
                data-state={t.state}
                data-testid={`counter-order-${t.number}`}
                aria-label={counterOrderSummary(t, now)}
              >
                <span className={classes.rowName}>
                  <span aria-hidden>{TYPE_ICONS[t.type as keyof typeof TYPE_ICONS]} </span>
                  {whereLabel(t)} · #{t.number}
                </span>
                <span className={classes.rowTotal}>{formatTL(t.total)}</span>
                <span className={classes.rowMeta}>
                  {TABLE_STATE_ICONS[t.state]} {TABLE_STATE_LABELS[t.state]}
                  {hint ? ` · ${hint}` : ''}
                  {t.waiterName ? ` · ${t.waiterName}` : ''}
                </span>
                <span className={classes.rowMetaRight}>{ageLabel(minutesSince(t.openedAt, now))}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
