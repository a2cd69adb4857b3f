import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FloorTable } from '../../../shared/floor-contract';
import { formatTL } from '../../../shared/domain/money';
import { TABLE_STATE_LABELS, type Ticket, type TicketSummary } from '../../../shared/ticket-contract';
import { useFloor } from '../tables/api';
import { TABLE_STATE_ICONS } from '../../components/status-icons';
import { whereLabel } from './order-logic';
import { ticketPath } from './paths';
import { TicketModal } from './ticket-modal';
import type { TicketActions } from './api/ticket-actions';
import classes from './orders.module.css';
import { useOpenTickets } from './api/ticket-hooks';

interface Props {
  opened: boolean;
  ticket: Ticket;
  actions: TicketActions;
  onClose(): void;
}

/** Every table but the ticket's own, by section; `onlyFree` leaves out tables with an open ticket. */
function TablePicker({ ticket, onlyFree, onPick, busy }: { ticket: Ticket; onlyFree: boolean; onPick(t: FloorTable): void; busy: boolean }) {
  const floor = useFloor();
  if (floor.isPending) return <Loader role="status" aria-label="Yükleniyor..." />;
  if (floor.isError) return <Alert color="red">{floor.error.message}</Alert>;
  const sections = floor.data.sections
    .map((s) => ({ ...s, tables: s.tables.filter((t) => t.id !== ticket.tableId && (!onlyFree || t.state === 'free')) }))
    .filter((s) => s.tables.length > 0);
  if (sections.length === 0) return <Text>{onlyFree ? 'Boş masa yok.' : 'Başka masa yok.'}</Text>;
  return (
    <Stack gap="sm">
      {sections.map((s) => (
        <section key={s.id} aria-label={s.name}>
          <Title order={4} size="h5" mb={4}>
            {s.name}
          </Title>
          <div className={classes.pickList}>
            {s.tables.map((t) => (
              <Button
                key={t.id}
                variant="default"
                disabled={busy}
                onClick={() => onPick(t)}
                classNames={{ root: classes.pickButton, inner: classes.pickButtonInner, label: classes.pickButtonLabel }}
                aria-label={`${t.name}, ${TABLE_STATE_LABELS[t.state]}`}
              >
                <span data-testid="pick-table-name">{t.name}</span>
                <span className={classes.pickButtonState}>
                  {TABLE_STATE_ICONS[t.state]} {TABLE_STATE_LABELS[t.state]}
                </span>
              </Button>
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}

/** Masa Taşı: the whole ticket to a free table. */
export function MoveTicketDialog({ opened, ticket, actions, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <TicketModal
      opened={opened}
      onClose={onClose}
      title="Masa Taşı: boş bir masa seçin"
      footer={
        <Button variant="default" onClick={onClose}>
          Vazgeç
        </Button>
      }
    >
      <TablePicker
        ticket={ticket}
        onlyFree
        busy={busy}
        onPick={(t) => {
          setBusy(true);
          void actions.move(t.id).then((out) => {
            setBusy(false);
            if (out) onClose();
          });
        }}
      />
    </TicketModal>
  );
}

/** Satırları Taşı: chosen lines (or part of a line's quantity) to another table, free or open. */
export function MoveLinesDialog({ opened, ticket, actions, onClose }: Props) {
  const navigate = useNavigate();
  const movable = ticket.lines.filter((l) => l.status !== 'cancelled');
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [step, setStep] = useState<'lines' | 'table'>('lines');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string; ticketId: string } | null>(null);
  useEffect(() => {
    if (opened) {
      setChosen({});
      setStep('lines');
      setDone(null);
    }
  }, [opened]);
  const picked = Object.entries(chosen).filter(([, q]) => q > 0);
  // A quantity worked out from the state as the update runs: two quick taps on − make −2.
  const setQuantity = (lineId: string, quantity: (now: number) => number) => setChosen((c) => ({ ...c, [lineId]: quantity(c[lineId] ?? 0) }));

  if (done) {
    return (
      <TicketModal
        opened={opened}
        onClose={onClose}
        title="Satırları Taşı"
        footer={
          <>
            <Button
              variant="default"
              onClick={() => {
                // the dialog belongs to the adisyon left behind: it closes, the target opens bare
                onClose();
                navigate(ticketPath(done.ticketId));
              }}
            >
              Hedef adisyonu aç
            </Button>
            <Button onClick={onClose}>Tamam</Button>
          </>
        }
      >
        <Alert color="green" role="status">
          {done.text}
        </Alert>
      </TicketModal>
    );
  }

  if (step === 'table') {
    return (
      <TicketModal
        opened={opened}
        onClose={onClose}
        title="Satırları Taşı: masa seçin"
        footer={
          <Button variant="default" onClick={() => setStep('lines')} mr="auto">
            ← Satırlar
          </Button>
        }
      >
        <Stack>
          <Text>Satırlar hangi masaya gitsin? Boş masada yeni adisyon açılır.</Text>
          <TablePicker
            ticket={ticket}
            onlyFree={false}
            busy={busy}
            onPick={(t) => {
              setBusy(true);
              void actions.moveLines(t.id, picked.map(([lineId, quantity]) => ({ lineId, quantity }))).then((out) => {
                setBusy(false);
                if (out) setDone({ text: `${picked.length} satır ${t.name} masasına taşındı.`, ticketId: out.target.id });
                else onClose();
              });
            }}
          />
        </Stack>
      </TicketModal>
    );
  }

  return (
    <TicketModal
      opened={opened}
      onClose={onClose}
      title="Satırları Taşı"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Vazgeç
          </Button>
          <Button disabled={picked.length === 0} onClick={() => setStep('table')}>
            Masa Seç{picked.length > 0 ? ` (${picked.length})` : ''}
          </Button>
        </>
      }
    >
      <Stack gap="xs">
        <Text>Taşınacak satırları ve adetlerini seçin.</Text>
        {movable.map((l) => {
          const q = chosen[l.id] ?? 0;
          return (
            <div key={l.id} className={classes.line} data-testid="move-line">
              <Checkbox
                size="md"
                label={`${l.quantity}× ${l.name}${l.options.length ? ` (${l.options.map((o) => o.name).join(', ')})` : ''}`}
                checked={q > 0}
                onChange={(e) => {
                  // Read now: React lets go of the event before a state updater runs.
                  const isOn = e.currentTarget.checked;
                  setQuantity(l.id, () => (isOn ? l.quantity : 0));
                }}
              />
              {q > 0 && l.quantity > 1 && (
                <Group gap={6} mt={4}>
                  <Button
                    variant="default"
                    aria-label={`${l.name}: taşınacak adedi azalt`}
                    disabled={q <= 1}
                    onClick={() => setQuantity(l.id, (now) => Math.max(1, now - 1))}
                  >
                    −
                  </Button>
                  <span className={classes.stepperValue}>
                    {q} / {l.quantity}
                  </span>
                  <Button
                    variant="default"
                    aria-label={`${l.name}: taşınacak adedi artır`}
                    disabled={q >= l.quantity}
                    onClick={() => setQuantity(l.id, (now) => Math.min(l.quantity, now + 1))}
                  >
                    +
                  </Button>
                </Group>
              )}
            </div>
          );
        })}
      </Stack>
    </TicketModal>
  );
}

/**
 * Masa Birleştir: another open ticket's lines join this one; the other ticket closes. It cannot be
 * undone, so a tap picks the ticket and a second one confirms it.
 */
export function MergeDialog({ opened, ticket, actions, onClose }: Props) {
  const open = useOpenTickets();
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<TicketSummary | null>(null);
  useEffect(() => {
    if (opened) setChosen(null);
  }, [opened]);
  const others = (open.data ?? []).filter((t) => t.id !== ticket.id);
  const here = whereLabel(ticket);
  const merge = (from: TicketSummary) => {
    setBusy(true);
    void actions.merge(from.id).then((out) => {
      setBusy(false);
      if (out) onClose();
      else setChosen(null);
    });
  };
  return (
    <TicketModal
      opened={opened}
      onClose={onClose}
      title="Masa Birleştir"
      footer={
        chosen ? (
          <>
            <Button variant="default" onClick={() => setChosen(null)} disabled={busy}>
              Vazgeç
            </Button>
            <Button onClick={() => merge(chosen)} loading={busy} data-testid="merge-confirm">
              Birleştir
            </Button>
          </>
        ) : (
          <Button variant="default" onClick={onClose}>
            Vazgeç
          </Button>
        )
      }
    >
      {chosen ? (
        <Stack>
          <Text>
            <strong>
              {whereLabel(chosen)} · #{chosen.number}
            </strong>{' '}
            ({formatTL(chosen.total)}) adisyonunun satırları bu adisyona ({here}) eklensin mi? {whereLabel(chosen)} adisyonu kapanır; bu işlem geri
            alınamaz.
          </Text>
        </Stack>
      ) : (
        <Stack>
          <Text>Seçtiğiniz adisyonun satırları bu adisyona ({here}) eklenir; o adisyon kapanır.</Text>
          {open.isPending ? (
            <Loader role="status" aria-label="Yükleniyor..." />
          ) : others.length === 0 ? (
            <Text>Birleştirilecek başka açık adisyon yok.</Text>
          ) : (
            <div className={classes.pickList}>
              {others.map((o) => (
                <Button
                  key={o.id}
                  variant="default"
                  styles={{ root: { height: 'auto', minHeight: 44 }, label: { whiteSpace: 'normal', flexDirection: 'column' } }}
                  onClick={() => setChosen(o)}
                >
                  <span>
                    {whereLabel(o)} · #{o.number}
                  </span>
                  <span style={{ fontSize: 12, fontWeight: 400 }}>{formatTL(o.total)}</span>
                </Button>
              ))}
            </div>
          )}
        </Stack>
      )}
    </TicketModal>
  );
}
