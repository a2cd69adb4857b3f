import { Button } from '@mantine/core';
import type { ReadyLine } from '../../../shared/kitchen-contract';
import classes from './kitchen.module.css';
import { clock, kt } from './kitchen-text';
import type { ReadyGroup } from './ready-groups';

interface Props {
  group: ReadyGroup;
  showWaiter: boolean;
  /** the line (or 'all') whose serve is on its way */
  busy: string | null;
  onServe(line: ReadyLine): void;
  onServeAll(group: ReadyGroup): void;
}

/** One table on Garson Ekranı: its ready dishes, newest first, each with Servis Edildi. */
export function ReadyGroupCard({ group: g, showWaiter, busy, onServe, onServeAll }: Props) {
  return (
    <section className={classes.readyGroup} aria-label={g.where} data-testid="ready-group">
      <header className={classes.readyGroupHead}>
        <h3>{g.where}</h3>
        {showWaiter && g.waiterName && (
          <span>
            {kt.waiter}: {g.waiterName}
          </span>
        )}
        {g.lines.length > 1 && (
          <Button size="md" color="green" variant="light" onClick={() => onServeAll(g)} loading={busy === `all:${g.ticketId}`} aria-label={`${g.where}: ${kt.serveAll}`}>
            🍽 {kt.serveAll}
          </Button>
        )}
      </header>
      {g.lines.map((l) => (
        <div key={l.id} className={classes.readyLine}>
          <span className={classes.qty}>{l.quantity}×</span>
          <span className={classes.lineBody}>
            <span className={classes.lineName}>{l.name}</span>
            {l.options.length > 0 && <span className={classes.options}>{l.options.map((o) => o.name).join(', ')}</span>}
            {l.note && <span className={classes.note}>Not: {l.note}</span>}
            <span className={classes.options}>
              ✓ {kt.history.ready} {clock(l.readyAt)}
            </span>
          </span>
          <Button size="md" color="green" onClick={() => onServe(l)} loading={busy === l.id} aria-label={`${l.quantity} × ${l.name}: ${kt.served}`}>
            🍽 {kt.served}
          </Button>
        </div>
      ))}
    </section>
  );
}
