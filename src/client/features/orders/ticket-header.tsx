import { Button, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import { formatTurkishPhone } from '../../../shared/phone';
import { TICKET_LIMITS, TICKET_TYPE_LABELS, type Ticket } from '../../../shared/ticket-contract';
import { useNow } from '../../components/use-now';
import { useScreenTitle } from '../../components/page-title';
import { ageLabel, minutesSince, whereLabel } from './order-logic';
import { ticketPath } from './paths';
import type { TicketActions } from './api/ticket-actions';
import classes from './orders.module.css';

export type TicketDialog = 'move' | 'move-lines' | 'merge';

/**
 * The adisyon's compact head: back, where, Hesap and one "İşlemler" menu (Masa Taşı, Satırları
 * Taşı, Masa Birleştir, Hesap İste), then a thin row with the waiter, the age and the guests.
 * Kept to two rows so the dish picker starts high on a phone.
 */
export function TicketHeader({
  ticket: t,
  actions,
  back,
  onDialog,
}: {
  ticket: Ticket;
  actions: TicketActions;
  back: string;
  onDialog(d: TicketDialog): void;
}) {
  const now = useNow(30_000);
  const where = whereLabel({ type: t.type, tableName: t.tableName, customerName: t.customer?.name });
  useScreenTitle(`Adisyon · ${where}`);
  const guests = t.guests ?? 0;
  // The menu answers the finger at once; the server's answer (or a refusal) settles it.
  const [billWanted, setBillWanted] = useState<boolean | null>(null);
  const isBillRequested = billWanted ?? t.billRequestedAt !== null;
  const isClosed = t.status === 'closed';
  const toggleBillRequest = () => {
    const want = !isBillRequested;
    setBillWanted(want);
    void actions.update({ billRequested: want }).finally(() => setBillWanted(null));
  };
  return (
    <div className={classes.ticketHead}>
      <div className={classes.header}>
        <Button component={Link} to={back} variant="default" aria-label="Masalara dön" className={classes.headButton}>
          ←
        </Button>
        <h2 className={classes.headTitle}>
          {where} · #{t.number}
        </h2>
        <Button component={Link} to={`${ticketPath(t.id)}/hesap`} variant="light" className={classes.headButton} data-testid="open-bill">
          🧾 Hesap{t.totals.remaining > 0 && t.totals.paid > 0 ? ` · Kalan ${formatTL(t.totals.remaining)}` : ''}
        </Button>
        {!isClosed && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" className={classes.headButton} aria-label="Adisyon işlemleri" data-testid="ticket-menu">
                ⋯
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item className={classes.menuItem} onClick={toggleBillRequest}>
                {isBillRequested ? 'Hesap İsteğini Geri Al' : '🧾 Hesap İste'}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item className={classes.menuItem} onClick={() => onDialog('move')}>
                Masa Taşı
              </Menu.Item>
              <Menu.Item className={classes.menuItem} onClick={() => onDialog('move-lines')} disabled={t.lines.length === 0}>
                Satırları Taşı
              </Menu.Item>
              <Menu.Item className={classes.menuItem} onClick={() => onDialog('merge')}>
                Masa Birleştir
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
      <div className={classes.headMeta}>
        <Text size="sm" className={classes.headMetaText}>
          {t.type !== 'table' && `${TICKET_TYPE_LABELS[t.type]} · `}
          {t.waiterName ? `${t.waiterName} · ` : ''}
          {ageLabel(minutesSince(t.openedAt, now))}
          {isBillRequested && <strong> · 🧾 Hesap istendi</strong>}
        </Text>
        {t.type === 'table' && (
          <span className={classes.stepper} role="group" aria-label="Kişi sayısı">
            <Button
              variant="default"
              aria-label="Kişi sayısını azalt"
              disabled={guests <= 1 || isClosed}
              onClick={() => void actions.update((now) => ((now.guests ?? 0) > 1 ? { guests: (now.guests ?? 0) - 1 } : null))}
            >
              −
            </Button>
            <span className={classes.stepperValue} aria-live="polite">
              {guests || '–'} kişi
            </span>
            <Button
              variant="default"
              aria-label="Kişi sayısını artır"
              disabled={guests >= TICKET_LIMITS.guests || isClosed}
              onClick={() => void actions.update((now) => ((now.guests ?? 0) < TICKET_LIMITS.guests ? { guests: (now.guests ?? 0) + 1 } : null))}
            >
              +
            </Button>
          </span>
        )}
      </div>
      {t.customer && (t.customer.phone || t.customer.address) && (
        <Text size="sm" className={classes.customer}>
          {t.customer.phone && (
            <a href={`tel:${t.customer.phone}`} data-testid="customer-phone">
              ☎ {formatTurkishPhone(t.customer.phone)}
            </a>
          )}
          {t.customer.address && <span>{t.customer.address}</span>}
        </Text>
      )}
    </div>
  );
}
