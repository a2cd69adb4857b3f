import { Alert, Button, Drawer, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import type { Ticket } from '../../../shared/ticket-contract';
import { CourseBar, heldCourses, holdableCourses, useCourses } from './course-controls';
import { MenuPicker } from './menu-picker';
import { pendingLines, whereLabel } from './order-logic';
import { ordersPath, ticketPath } from './paths';
import { MergeDialog, MoveLinesDialog, MoveTicketDialog } from './ticket-dialogs';
import { TicketHeader, type TicketDialog } from './ticket-header';
import { TicketLines } from './ticket-lines';
import { useTicketActions } from './api/ticket-actions';
import classes from './orders.module.css';
import { useTicket } from './api/ticket-hooks';

/** From this width the lines sit beside the picker; below it they are a tap away in a bottom sheet. */
const WIDE_QUERY = '(min-width: 1000px)';

/**
 * The adisyon, picker first: on a phone the dishes fill the screen under a two-row header, the
 * lines wait in a bottom sheet behind "3 ürün · 245,00 TL", and Mutfağa Gönder stays at the
 * thumb. On a wide screen the lines and the picker stand side by side.
 */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useTicket(ticketId);
  const actions = useTicketActions(ticketId);
  const [dialog, setDialog] = useState<TicketDialog | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // Servis sırası: the courses the waiter chose to hold on the next Mutfağa Gönder
  const [hold, setHold] = useState<string[]>([]);
  const courses = useCourses();
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
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
    (item: { id: string }, optionIds: string[], quantity: number, note: string | null) =>
      (setSent(null), void addLines([{ menuItemId: item.id, quantity, optionIds, ...(note ? { note } : {}) }])),
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

  const isClosed = t.status === 'closed';
  const holdable = isClosed ? [] : holdableCourses(t, courses);
  const held = isClosed ? [] : heldCourses(t, courses);
  // only a course some unsent line has can be held: a switch left on for a course no longer there goes
  const holding = hold.filter((c) => holdable.includes(c));
  const pendingCount = pending.reduce((n, l) => n + l.quantity, 0);
  const send = async () => {
    const out = await actions.send(holding);
    if (!out) return;
    const heldCount = out.ticket.lines.filter((l) => out.batch.lineIds.includes(l.id) && l.isHeld).length;
    setSent(`${out.batch.lineIds.length} satır mutfağa gönderildi${heldCount > 0 ? `; ${heldCount} satır bekletiliyor (${holding.join(', ')})` : ''}.`);
    setHold([]);
  };
  const fire = async (course: string) => {
    const out = await actions.fireCourse(course);
    if (out) setSent(`${out.course} başlatıldı: ${out.lineIds.length} satır mutfakta hazırlanacak.`);
  };
  const courseBar = (
    <CourseBar holdable={holdable} held={held} hold={holding} onHoldChange={setHold} onFire={(c) => void fire(c)} busy={actions.busy} />
  );
  const sendButton = !isClosed && (
    <Button
      size="lg"
      color="green"
      className={classes.sendButton}
      disabled={pendingCount === 0}
      loading={actions.busy && pendingCount > 0}
      onClick={() => void send()}
      data-testid="send-to-kitchen"
    >
      Mutfağa Gönder{pendingCount > 0 ? ` (${pendingCount})` : ''}
    </Button>
  );
  const lines = <TicketLines ticket={t} actions={actions} editable={!isClosed} queuedIds={ticket.queuedIds} />;
  // A refusal shows where the finger is: in the sheet while it covers the page.
  const isSheetShown = sheetOpen && !isWide;
  const errorAlert = actions.error && (
    <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={actions.clearError}>
      {actions.error}
    </Alert>
  );

  return (
    <div className={classes.ticketPage} data-course-bar={holdable.length + held.length > 0 || undefined}>
      <TicketHeader ticket={t} actions={actions} back={back} onDialog={setDialog} />
      {!isSheetShown && errorAlert}
      {actions.notice && !actions.error && (
        <Alert color="orange" role="status" withCloseButton closeButtonLabel="Kapat" onClose={actions.clearNotice} py={6} data-testid="offline-notice">
          {actions.notice}
        </Alert>
      )}
      {sent && !actions.error && !actions.notice && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setSent(null)} py={6}>
          ✓ {sent}
        </Alert>
      )}
      {isClosed && <Alert color="yellow">Bu adisyon kapandı; değiştirilemez.</Alert>}
      <div className={classes.ticketGrid}>
        {isWide && (
          <section aria-labelledby="lines-title" className={classes.linesColumn}>
            <Title order={3} size="h4" id="lines-title" mb="xs">
              Satırlar
            </Title>
            {lines}
          </section>
        )}
        {isClosed ? !isWide && lines : <MenuPicker pendingCounts={pendingCounts} onTap={onTap} onAdd={onAdd} />}
      </div>
      <div className={classes.sendBar}>
        {!isSheetShown && courseBar}
        <SummaryButton ticket={t} isWide={isWide} onOpen={() => setSheetOpen(true)} />
        {sendButton}
      </div>
      {!isWide && (
        <Drawer
          opened={sheetOpen}
          onClose={() => setSheetOpen(false)}
          position="bottom"
          size="85%"
          // Opens and closes at once: a sliding sheet swallows the next tap and is read half-faded.
          transitionProps={{ duration: 0 }}
          title={`${whereLabel({ type: t.type, tableName: t.tableName, customerName: t.customer?.name })} · Satırlar`}
          closeButtonProps={{ 'aria-label': 'Satırları kapat' }}
          classNames={{ inner: classes.linesSheetInner, content: classes.linesSheet, body: classes.linesSheetBody, close: classes.linesSheetClose }}
        >
          {isSheetShown && errorAlert}
          <div className={classes.linesSheetLines}>{lines}</div>
          <div className={classes.linesSheetFoot}>
            {isSheetShown && courseBar}
            <span className={classes.linesSheetTotal}>Toplam {formatTL(t.totals.total)}</span>
            {sendButton}
          </div>
        </Drawer>
      )}
      <MoveTicketDialog opened={dialog === 'move'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
      <MoveLinesDialog opened={dialog === 'move-lines'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
      <MergeDialog opened={dialog === 'merge'} ticket={t} actions={actions} onClose={() => setDialog(null)} />
    </div>
  );
}

/** "3 ürün · 245,00 TL": on a phone it opens the lines; on a wide screen (lines in view) it only says. */
function SummaryButton({ ticket: t, isWide, onOpen }: { ticket: Ticket; isWide: boolean; onOpen(): void }) {
  const count = t.lines.filter((l) => l.status !== 'cancelled').reduce((n, l) => n + l.quantity, 0);
  const text = (
    <>
      <span className={classes.summaryCount}>{count} ürün ·</span>
      <span className={classes.total} data-testid="ticket-total">
        {formatTL(t.totals.total)}
      </span>
    </>
  );
  if (isWide) return <div className={classes.summary}>{text}</div>;
  return (
    <button type="button" className={classes.summary} onClick={onOpen} aria-haspopup="dialog" data-testid="lines-summary">
      {text}
      <span className={classes.summaryOpen} aria-hidden>
        ▲ Satırlar
      </span>
    </button>
  );
}
