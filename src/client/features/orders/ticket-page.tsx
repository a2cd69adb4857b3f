import { Alert, Button, Group, Loader, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatTL } from '../../../shared/money';
import { formatTurkishPhone } from '../../../shared/phone';
import {
  LINE_STATUS_LABELS,
  NOTE_SUGGESTIONS,
  TICKET_LIMITS,
  TICKET_TYPE_LABELS,
  lineNote,
  type Ticket,
  type TicketLine,
} from '../../../shared/ticket-contract';
import { STATUS_ICONS } from '../../components/status-icons';
import { useNow } from '../../components/use-now';
import { useScreenTitle } from '../../components/page-title';
import { MenuPicker, PICKER_TITLE_ID } from './menu-picker';
import { ageLabel, minutesSince, pendingLines, whereLabel } from './order-logic';
import { ordersPath, ticketPath } from './paths';
import { MergeDialog, MoveLinesDialog, MoveTicketDialog } from './ticket-dialogs';
import { useTicket, useTicketActions, type TicketActions } from './tickets-api';
import classes from './orders.module.css';

type Dialog = 'move' | 'move-lines' | 'merge' | null;

/** From this many lines the picker is far below them on a phone: a button above the lines goes there. */
const JUMP_TO_PICKER_AFTER = 5;
function jumpToPicker() {
  const title = document.getElementById(PICKER_TITLE_ID);
  title?.focus({ preventScroll: true });
  title?.scrollIntoView({ block: 'start' });
}

/** The adisyon: header, lines (pending ones editable), the menu picker and Mutfağa Gönder. */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useTicket(ticketId);
  const actions = useTicketActions(ticketId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [sent, setSent] = useState<string | null>(null);
  const back = ordersPath();

  const t = ticket.data;
  const pending = useMemo(() => (t ? pendingLines(t) : []), [t]);
  const pendingCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const l of pending) if (l.menuItemId) m.set(l.menuItemId, (m.get(l.menuItemId) ?? 0) + l.quantity);
    return m;
  }, [pending]);

  // Leaving the adisyon discards it if nothing was put on it. Decided a tick later, on the address
  // then shown: its own Hesap screen is not leaving it, nor React's development double mount.
  const discardIfEmpty = useRef(actions.discardIfEmpty);
  discardIfEmpty.current = actions.discardIfEmpty;
  useEffect(() => {
    const discard = discardIfEmpty.current;
    const ownPath = ticketPath(ticketId);
    return () => void setTimeout(() => !window.location.pathname.startsWith(ownPath) && void discard(), 0);
  }, [ticketId]);

  const { tapItem, addLines } = actions;
  const onTap = useCallback((item: { id: string }) => (setSent(null), void tapItem(item.id)), [tapItem]);
  const onAdd = useCallback(
    (item: { id: string }, optionIds: string[], quantity: number) => (setSent(null), void addLines([{ menuItemId: item.id, quantity, optionIds }])),
    [addLines],
  );

  if (ticket.isPending) return <Loader role="status" aria-label="Yükleniyor..." />;
  if (ticket.isError || !t) {
    return (
      <Stack>
        <Title order={2}>Adisyon</Title>
        <Alert color="red" role="alert">
          {ticket.error?.message ?? 'Adisyon bulunamadı.'}
        </Alert>
        <Button component={Link} to={back} variant="default" style={{ alignSelf: 'flex-start' }}>
          ← Masalar
        </Button>
      </Stack>
    );
  }

  const pendingCount = pending.reduce((n, l) => n + l.quantity, 0);
  const send = async () => {
    const out = await actions.send();
    if (out) setSent(`${out.batch.lineIds.length} satır mutfağa gönderildi.`);
  };
  const isClosed = t.status === 'closed';

  return (
    <div className={classes.ticketGrid}>
      <Stack gap="sm">
        <TicketHeader ticket={t} actions={actions} back={back} />
        {actions.error && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={actions.clearError}>
            {actions.error}
          </Alert>
        )}
        {sent && !actions.error && (
          <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setSent(null)}>
            ✓ {sent}
          </Alert>
        )}
        {isClosed && <Alert color="yellow">Bu adisyon kapandı; değiştirilemez.</Alert>}
        <div className={classes.linesHead}>
          <Title order={3} size="h4">
            Satırlar
          </Title>
          {!isClosed && t.lines.length >= JUMP_TO_PICKER_AFTER && (
            <Button variant="subtle" className={classes.jumpToPicker} onClick={jumpToPicker}>
              ↓ Ürün Ekle
            </Button>
          )}
        </div>
        {t.lines.length === 0 ? (
          <Text>Henüz ürün yok. Aşağıdan ürün ekleyin.</Text>
        ) : (
          <ul className={classes.lines} aria-label="Adisyon satırları">
            {t.lines.map((l) => (
              <LineRow key={l.id} line={l} actions={actions} editable={!isClosed} billPath={`${ticketPath(t.id)}/hesap`} />
            ))}
          </ul>
        )}
        <Button component={Link} to={`${ticketPath(t.id)}/hesap`} size="md" data-testid="open-bill">
          🧾 Hesap{t.totals.remaining > 0 && t.totals.paid > 0 ? ` · Kalan ${formatTL(t.totals.remaining)}` : ''}
        </Button>
        {!isClosed && (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setDialog('move')}>
              Masa Taşı
            </Button>
            <Button variant="default" onClick={() => setDialog('move-lines')} disabled={t.lines.length === 0}>
              Satırları Taşı
            </Button>
            <Button variant="default" onClick={() => setDialog('merge')}>
              Masa Birleştir
            </Button>
          </Group>
        )}
      </Stack>
      {!isClosed && <MenuPicker pendingCounts={pendingCounts} onTap={onTap} onAdd={onAdd} />}
      {!isClosed && (
        <div className={classes.sendBar}>
          <Button
            size="lg"
            fullWidth
            color="green"
            disabled={pendingCount === 0}
            loading={actions.busy && pendingCount > 0}
            onClick={() => void send()}
            data-testid="send-to-kitchen"
          >
            Mutfağa Gönder{pendingCount > 0 ? ` (${pendingCount})` : ''}
          </Button>
        </div>
      )}
      <MoveTicketDialog opened={dialog === 'move'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
      <MoveLinesDialog opened={dialog === 'move-lines'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
      <MergeDialog opened={dialog === 'merge'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
    </div>
  );
}

function TicketHeader({ ticket: t, actions, back }: { ticket: Ticket; actions: TicketActions; back: string }) {
  const now = useNow(30_000);
  const where = whereLabel({ type: t.type, tableName: t.tableName, customerName: t.customer?.name });
  useScreenTitle(`Adisyon · ${where}`);
  const guests = t.guests ?? 0;
  const [billWanted, setBillWanted] = useState<boolean | null>(null);
  return (
    <Stack gap={6}>
      <div className={classes.header}>
        <Button component={Link} to={back} variant="default" aria-label="Masalara dön">
          ←
        </Button>
        <h2>
          {where} · #{t.number}
        </h2>
        <span className={classes.total} data-testid="ticket-total">
          {formatTL(t.totals.total)}
        </span>
      </div>
      <div className={classes.header}>
        <Text size="sm">
          {t.type !== 'table' && `${TICKET_TYPE_LABELS[t.type]} · `}
          {t.waiterName ? `Garson: ${t.waiterName} · ` : ''}
          {ageLabel(minutesSince(t.openedAt, now))}
        </Text>
        {t.type === 'table' && (
          <span className={classes.stepper} role="group" aria-label="Kişi sayısı">
            <Button variant="default" aria-label="Kişi sayısını azalt" disabled={guests <= 1} onClick={() => void actions.update((now) => ((now.guests ?? 0) > 1 ? { guests: (now.guests ?? 0) - 1 } : null))}>
              −
            </Button>
            <span className={classes.stepperValue} aria-live="polite">
              {guests || '–'} kişi
            </span>
            <Button
              variant="default"
              aria-label="Kişi sayısını artır"
              disabled={guests >= TICKET_LIMITS.guests}
              onClick={() => void actions.update((now) => ((now.guests ?? 0) < TICKET_LIMITS.guests ? { guests: (now.guests ?? 0) + 1 } : null))}
            >
              +
            </Button>
          </span>
        )}
        <Switch
          label="🧾 Hesap İste"
          checked={billWanted ?? t.billRequestedAt !== null}
          onChange={(e) => {
            // The switch answers the finger at once; the server's answer (or a refusal) settles it.
            const want = e.currentTarget.checked;
            setBillWanted(want);
            void actions.update({ billRequested: want }).finally(() => setBillWanted(null));
          }}
        />
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
    </Stack>
  );
}

/** What is wrong with a note (over the limit, a control character), in Turkish; null when nothing. */
function noteProblem(text: string): string | null {
  const checked = lineNote.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** Sent lines link to their İkram / İndirim / İptal on the Hesap screen (`billPath`); exported for its tests. */
export const LineRow = memo(function LineRow({ line: l, actions, editable, billPath }: { line: TicketLine; actions: TicketActions; editable: boolean; billPath: string }) {
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState(l.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const isPending = l.status === 'pending' && editable;
  const addSuggestion = (s: string) => {
    setNote((n) => (n.trim() ? `${n.trim()}, ${s}` : s));
    // Worked out from the saved note when the write runs: two quick suggestions both stay. A note
    // that would pass the limit is refused on the field, never cut to fit.
    void actions.updateLine(l.id, (now) => {
      const next = now.note ? `${now.note}, ${s}` : s;
      const problem = noteProblem(next);
      setNoteError(problem);
      return problem ? null : { note: next };
    });
  };
  const saveNote = () => {
    const problem = noteProblem(note);
    if (problem) return setNoteError(problem);
    void actions.updateLine(l.id, { note: note.trim() || null }).then((t) => t && setNoteOpen(false));
  };
  const noteLength = note.trim().length;
  return (
    <li className={classes.line} data-status={l.status} data-testid="ticket-line">
      <div className={classes.lineTop}>
        <span className={classes.lineQty}>{l.quantity}×</span>
        <span className={classes.lineName}>{l.name}</span>
        <span className={classes.lineTotal}>{formatTL(l.total)}</span>
      </div>
      {l.options.length > 0 && <div className={classes.lineSub}>{l.options.map((o) => (o.price > 0 ? `${o.name} (+${formatTL(o.price)})` : o.name)).join(', ')}</div>}
      {l.note && <div className={classes.lineSub}>Not: {l.note}</div>}
      <span className={classes.lineStatus} data-status={l.status}>
        {STATUS_ICONS[l.status]} {LINE_STATUS_LABELS[l.status]}
      </span>
      {isPending && (
        <div className={classes.lineActions}>
            <Button variant="default" aria-label={`${l.name}: adedi azalt`} disabled={l.quantity <= 1} onClick={() => void actions.updateLine(l.id, (now) => (now.quantity > 1 ? { quantity: now.quantity - 1 } : null))}>
              −
            </Button>
            <Button
              variant="default"
              aria-label={`${l.name}: adedi artır`}
              disabled={l.quantity >= TICKET_LIMITS.quantity}
              onClick={() => void actions.updateLine(l.id, (now) => (now.quantity < TICKET_LIMITS.quantity ? { quantity: now.quantity + 1 } : null))}
            >
              +
            </Button>
            <Button variant="default" aria-expanded={noteOpen} onClick={() => setNoteOpen((o) => !o)} aria-label={`${l.name}: not`}>
              Not
            </Button>
            <Button variant="light" color="red" aria-label={`${l.name}: sil`} onClick={() => void actions.deleteLine(l.id)}>
              Sil
            </Button>
        </div>
      )}
      {editable && l.status !== 'pending' && l.status !== 'cancelled' && !l.paymentId && (
        <div className={classes.lineActions} role="group" aria-label={`${l.name}: hesap işlemleri`}>
          {!l.isComp && (
            <Button component={Link} to={`${billPath}?satir=${l.id}&islem=ikram`} variant="default" aria-label={`${l.name}: İkram`}>
              İkram
            </Button>
          )}
          {!l.isComp && (
            <Button component={Link} to={`${billPath}?satir=${l.id}&islem=indirim`} variant="default" aria-label={`${l.name}: İndirim`}>
              İndirim
            </Button>
          )}
          <Button component={Link} to={`${billPath}?satir=${l.id}&islem=iptal`} variant="light" color="red" aria-label={`${l.name}: İptal`}>
            İptal
          </Button>
        </div>
      )}
      {isPending && noteOpen && (
        <Stack gap={6} mt={6}>
          <Group gap={6} role="group" aria-label="Hızlı notlar">
            {NOTE_SUGGESTIONS.map((s) => (
              <Button key={s} size="sm" variant="light" onClick={() => addSuggestion(s)}>
                + {s}
              </Button>
            ))}
          </Group>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveNote();
            }}
          >
            <Stack gap={6}>
              <Textarea
                label="Not"
                autosize
                minRows={1}
                maxRows={5}
                value={note}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setNote(text);
                  setNoteError(noteProblem(text));
                }}
                // what will be saved (ends trimmed), against the limit the server keeps
                description={`${noteLength}/${TICKET_LIMITS.note}`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={noteError}
                aria-invalid={noteError ? true : undefined}
                classNames={{ description: noteLength > TICKET_LIMITS.note ? classes.overLimit : undefined }}
                data-testid="line-note"
              />
              <Button type="submit" style={{ alignSelf: 'flex-end' }}>
                Kaydet
              </Button>
            </Stack>
          </form>
        </Stack>
      )}
    </li>
  );
});
