import { STATUS_ICONS } from '../../components/status-icons';
import { Button } from '@mantine/core';
import { memo } from 'react';
import { nextKitchenStatus, type KitchenLine, type KitchenOrder, type KitchenSettableStatus } from '../../../shared/kitchen-contract';
import { LINE_STATUS_LABELS } from '../../../shared/ticket-contract';
import { firedCourses, heldCourses, isHeldLine, type AgeLevel } from './kitchen-board';
import classes from './kitchen.module.css';
import { clock, kt, whereLabel } from './kitchen-text';

/** A shape beside every status word: colour is never the only signal. */
interface Props {
  card: KitchenOrder;
  minutes: number;
  level: AgeLevel;
  isNew: boolean;
  /** the line being saved, so a double tap does not send two steps */
  busyLineIds: ReadonlySet<string>;
  onStep(line: KitchenLine, status: KitchenSettableStatus): void;
  onBump(card: KitchenOrder): void;
  isBumping: boolean;
}

/** One batch as the cook sees it. Memoised: a card re-renders only when its own data changes. */
export const KitchenCard = memo(function KitchenCard({ card, minutes, level, isNew, busyLineIds, onStep, onBump, isBumping }: Props) {
  const where = whereLabel(card);
  // Servis sırası: held lines stand apart under their course; a fired course is announced until started.
  const held = heldCourses(card.lines);
  const fired = firedCourses(card.lines);
  const toMake = card.lines.filter((l) => !isHeldLine(l));
  return (
    <article
      className={classes.card}
      data-age={level}
      data-new={isNew || undefined}
      data-fired={fired.length > 0 || undefined}
      data-testid="kitchen-card"
      data-batch={card.batchId}
      data-closed={card.isTicketClosed || undefined}
      aria-label={`${where}${card.promisedAt ? `, ${kt.promised(clock(card.promisedAt))}` : ''}${card.isAddition ? `, ${kt.addition}` : ''}${card.isTicketClosed ? `, ${kt.ticketClosed}` : ''}, ${kt.minutes(minutes)}`}
    >
      <header className={classes.cardHead}>
        <div className={classes.cardTitleRow}>
          <h3 className={classes.where}>{where}</h3>
          <span className={classes.age} data-age={level}>
            {kt.minutes(minutes)}
            {level !== 'fresh' && <strong> · {kt.ageLabels[level]}</strong>}
          </span>
        </div>
        {card.promisedAt && (
          <p className={classes.promised} data-testid="card-promised">
            <span aria-hidden>⏰</span> {kt.promised(clock(card.promisedAt))}
          </p>
        )}
        {card.isAddition && <span className={classes.additionBadge}>+ {kt.addition}</span>}
        {card.isTicketClosed && (
          <span className={classes.closedBadge} data-testid="card-ticket-closed">
            ✓ {kt.ticketClosed}
          </span>
        )}
        <div className={classes.meta}>
          #{card.ticketNumber} · {card.waiterName ? `${kt.waiter}: ${card.waiterName} · ` : ''}
          {kt.sentAt} {clock(card.sentAt)}
        </div>
      </header>
      {fired.map((course) => (
        <p key={course} className={classes.fired} role="status" data-testid="course-fired">
          <span aria-hidden>🔥</span> {kt.courseFired(course)}
        </p>
      ))}
      <ul className={classes.lines}>
        {toMake.map((line) => {
          const next = nextKitchenStatus(line.status);
          const isBusy = busyLineIds.has(line.id);
          return (
            <li key={line.id}>
              <button
                type="button"
                className={classes.line}
                data-status={line.status}
                disabled={!next || isBusy}
                aria-busy={isBusy || undefined}
                onClick={() => next && onStep(line, next)}
                aria-label={`${line.quantity} × ${line.name}: ${LINE_STATUS_LABELS[line.status]}${next ? `, dokununca ${LINE_STATUS_LABELS[next]}` : ''}`}
              >
                <LineText line={line} />
                <span className={classes.status} data-status={line.status}>
                  <span aria-hidden>{STATUS_ICONS[line.status]}</span> {LINE_STATUS_LABELS[line.status]}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {held.map((group) => (
        <section key={group.course} className={classes.held} aria-label={kt.heldCourse(group.course)} data-testid="held-course">
          <h4 className={classes.heldTitle}>
            <span aria-hidden>⏳</span> {kt.heldCourse(group.course)}
          </h4>
          <p className={classes.heldHint}>{kt.heldHint}</p>
          <ul className={classes.lines}>
            {group.lines.map((line) => (
              <li key={line.id} className={classes.heldLine} data-held aria-label={`${line.quantity} × ${line.name}: ${kt.heldStatus}, ${kt.heldHint.toLocaleLowerCase('tr-TR')}`}>
                <LineText line={line} />
                <span className={classes.status} data-status="held">
                  <span aria-hidden>⏳</span> {kt.heldStatus}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <footer className={classes.cardFoot}>
        <Button fullWidth size="lg" color="green" onClick={() => onBump(card)} loading={isBumping}>
          ✓ {kt.bumpAll}
        </Button>
      </footer>
    </article>
  );
});

/** A line's count, name, options and note, as the cook reads them on a card. */
function LineText({ line }: { line: KitchenLine }) {
  return (
    <>
      <span className={classes.qty}>{line.quantity}×</span>
      <span className={classes.lineBody}>
        <span className={classes.lineName}>{line.name}</span>
        {line.options.length > 0 && <span className={classes.options}>{line.options.map((o) => o.name).join(', ')}</span>}
        {line.note && <span className={classes.note}>Not: {line.note}</span>}
      </span>
    </>
  );
}
