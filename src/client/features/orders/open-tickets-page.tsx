import { Loaded } from '../../components/loaded';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import { TABLE_STATES, TABLE_STATE_LABELS, TICKET_TYPE_LABELS, type TableState } from '../../../shared/ticket-contract';
import { ChoiceSelect } from '../../components/choice-select';
import { useNow } from '../../components/use-now';
import { useFloor } from '../tables/api';
import { TABLE_STATE_ICONS } from '../../components/status-icons';
import { paymentHint } from '../../components/payment-hint';
import { NO_SECTION, ageLabel, filterTickets, minutesSince, sumTotals, waitersOf, whereLabel, type TicketFilter } from './order-logic';
import { ticketPath } from './paths';
import { useOpenTickets } from './api/ticket-hooks';
import classes from './orders.module.css';

/** Açık Masalar (the owner's index): every open ticket, filtered by section, waiter and state, with their sum. */
export default function OpenTicketsPage() {
  const tickets = useOpenTickets();
  const floor = useFloor();
  const navigate = useNavigate();
  const now = useNow(30_000);
  const [filter, setFilter] = useState<TicketFilter>({ sectionId: '', waiterId: '', state: '' });
  const all = useMemo(() => tickets.data ?? [], [tickets.data]);
  const shown = useMemo(() => filterTickets(all, filter), [all, filter]);
  const sectionName = useMemo(() => new Map((floor.data?.sections ?? []).map((s) => [s.id, s.name])), [floor.data]);

  const sectionChoices = [
    ...(floor.data?.sections ?? []).map((s) => ({ value: s.id, label: s.name })),
    { value: NO_SECTION, label: `${TICKET_TYPE_LABELS.takeaway} / ${TICKET_TYPE_LABELS.delivery}` },
  ];
  const stateChoices = TABLE_STATES.filter((s) => s !== 'free').map((s) => ({ value: s, label: TABLE_STATE_LABELS[s] }));

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>Açık Masalar</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ChoiceSelect label="Bölüm" data={sectionChoices} emptyLabel="Tüm bölümler" value={filter.sectionId} onChange={(sectionId) => setFilter((f) => ({ ...f, sectionId }))} />
        <ChoiceSelect label="Garson" data={waitersOf(all)} emptyLabel="Tüm garsonlar" value={filter.waiterId} onChange={(waiterId) => setFilter((f) => ({ ...f, waiterId }))} />
        <ChoiceSelect
          label="Durum"
          data={stateChoices}
          emptyLabel="Tüm durumlar"
          value={filter.state}
          onChange={(state) => setFilter((f) => ({ ...f, state: state as TableState | '' }))}
        />
      </Group>
      <Loaded query={tickets}>
        {() => (
        <>
          <Text fw={700} size="lg" role="status" data-testid="open-sum">
            {shown.length} açık adisyon · Toplam {formatTL(sumTotals(shown))}
          </Text>
          {shown.length === 0 ? (
            <Text>{all.length === 0 ? 'Şu an açık adisyon yok.' : 'Bu filtrelere uyan açık adisyon yok.'}</Text>
          ) : (
            <ul className={classes.list} aria-label="Açık adisyonlar">
              {shown.map((t) => (
                <li key={t.id}>
                  <button type="button" className={classes.row} data-state={t.state} data-testid="open-ticket" onClick={() => navigate(ticketPath(t.id))}>
                    <span className={classes.rowName}>
                      #{t.number} · {whereLabel(t)}
                    </span>
                    <span className={classes.rowTotal}>{formatTL(t.total)}</span>
                    <span className={classes.rowMeta}>
                      {TABLE_STATE_ICONS[t.state]} {TABLE_STATE_LABELS[t.state]}
                      {t.sectionId && sectionName.get(t.sectionId) ? ` · ${sectionName.get(t.sectionId)}` : ''}
                      {t.waiterName ? ` · ${t.waiterName}` : ''}
                    </span>
                    <span className={classes.rowMetaRight}>
                      {t.guests ? `${t.guests} kişi · ` : ''}
                      {ageLabel(minutesSince(t.openedAt, now))}
                    </span>
                    {/* a reopened bill that is paid says so, with what is left (0,00 TL) */}
                    {paymentHint(t.total, t.remaining) && (
                      <span className={classes.rowName} style={{ gridColumn: '1 / -1', fontSize: '0.9375rem' }} data-testid="payment-hint">
                        {paymentHint(t.total, t.remaining)}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
        )}
      </Loaded>
    </Stack>
  );
}
