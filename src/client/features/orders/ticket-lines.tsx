import { Button, Group, Stack, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import { lineMarks } from '../../components/line-marks';
import { lineOptionsText } from '../../components/line-options';
import { LINE_STATUS_LABELS, NOTE_SUGGESTIONS, TICKET_LIMITS, lineNote, type Ticket, type TicketLine } from '../../../shared/ticket-contract';
import { STATUS_ICONS } from '../../components/status-icons';
import { LineCourseSelect, lineCourseText, useCourses } from './course-controls';
import { ticketPath } from './paths';
import type { TicketActions } from './api/ticket-actions';
import classes from './orders.module.css';

/** The adisyon's lines: beside the picker on a wide screen, in the bottom sheet on a phone. */
export function TicketLines({
  ticket: t,
  actions,
  editable,
  queuedIds,
}: {
  ticket: Ticket;
  actions: TicketActions;
  editable: boolean;
  /** lines the offline queue still has to send (marked "Gönderilmeyi bekliyor") */
  queuedIds?: ReadonlySet<string>;
}) {
  const courses = useCourses();
  if (t.lines.length === 0) return <p className={classes.noLines}>Henüz ürün yok. Menüden bir ürüne dokunun.</p>;
  return (
    <ul className={classes.lines} aria-label="Adisyon satırları">
      {t.lines.map((l) => (
        <LineRow key={l.id} line={l} actions={actions} editable={editable} billPath={`${ticketPath(t.id)}/hesap`} courses={courses} isQueued={queuedIds?.has(l.id) ?? false} />
      ))}
    </ul>
  );
}

/** What is wrong with a note (over the limit, a control character), in Turkish; null when nothing. */
function noteProblem(text: string): string | null {
  const checked = lineNote.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** Sent lines link to their İkram / İndirim / İptal on the Hesap screen (`billPath`); exported for its tests. */
export const LineRow = memo(function LineRow({
  line: l,
  actions,
  editable,
  billPath,
  courses = [],
  isQueued = false,
}: {
  line: TicketLine;
  actions: TicketActions;
  editable: boolean;
  billPath: string;
  /** Ayarlar's servis sırası list; a pending line picks one */
  courses?: readonly string[];
  /** waiting in the offline queue: the server has not got it yet */
  isQueued?: boolean;
}) {
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
  const courseText = lineCourseText(l);
  // İkram / İndirim / İptal (with its reason) / Ödendi, in words as on the owner's Hesap
  const marks = lineMarks(l);
  return (
    <li className={classes.line} data-status={l.status} data-testid="ticket-line">
      <div className={classes.lineTop}>
        <span className={classes.lineQty}>{l.quantity}×</span>
        <span className={classes.lineName}>{l.name}</span>
        <span className={classes.lineTotal}>{formatTL(l.total)}</span>
      </div>
      {l.options.length > 0 && <div className={classes.lineSub}>{lineOptionsText(l.options)}</div>}
      {l.note && <div className={classes.lineSub}>Not: {l.note}</div>}
      <span className={classes.lineStatus} data-status={l.status}>
        {STATUS_ICONS[l.status]} {LINE_STATUS_LABELS[l.status]}
      </span>
      {marks.map((m) => (
        <span key={m} className={classes.lineMark} data-testid="line-mark">
          {m}
        </span>
      ))}
      {isQueued && (
        <span className={classes.lineCourse} data-testid="line-queued">
          ⏳ Gönderilmeyi bekliyor
        </span>
      )}
      {courseText && !isPending && (
        <span className={classes.lineCourse} data-held={l.isHeld && l.status === 'sent' ? true : undefined} data-testid="line-course">
          {courseText}
        </span>
      )}
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
      {isPending && (courses.length > 0 || l.course) && (
        <LineCourseSelect line={l} courses={courses} onChange={(course) => void actions.updateLine(l.id, { course })} />
      )}
      {editable && !isQueued && l.status !== 'pending' && l.status !== 'cancelled' && !l.paymentId && (
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
