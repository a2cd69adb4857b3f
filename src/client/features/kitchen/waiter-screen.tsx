import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ReadyLine } from '../../../shared/kitchen-contract';
import { getUserSession } from '../../api/session';
import { ConnectionBanner } from './connection-banner';
import { useKitchenAlerts, useMarkServed, useReadyLines } from './kitchen-api';
import classes from './kitchen.module.css';
import { clock, kt, whereLabel } from './kitchen-text';
import { UnacknowledgedAlerts } from './unacknowledged-alerts';
import touch from '../../components/touch-targets.module.css';

interface Group {
  ticketId: string;
  where: string;
  waiterName: string | null;
  lines: ReadyLine[];
}

function groupByTicket(lines: readonly ReadyLine[]): Group[] {
  const groups = new Map<string, Group>();
  for (const l of lines) {
    const g = groups.get(l.ticketId) ?? { ticketId: l.ticketId, where: whereLabel(l), waiterName: l.waiterName, lines: [] };
    g.lines.push(l);
    groups.set(l.ticketId, g);
  }
  return [...groups.values()];
}

/**
 * Garson Ekranı: the ready lines of the waiter's tables (every waiter's for the owner), oldest
 * first, each with Servis Edildi; on top, batches the kitchen has not received in time.
 */
export default function WaiterScreen() {
  const isOwner = getUserSession()?.role === 'owner';
  const ready = useReadyLines();
  const alerts = useKitchenAlerts();
  const served = useMarkServed();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const groups = useMemo(() => groupByTicket(ready.data ?? []), [ready.data]);

  const serve = (line: ReadyLine) => {
    setBusy(line.id);
    served.mutate(
      { ticketId: line.ticketId, lineId: line.id },
      { onError: (e) => setError(e.message), onSuccess: () => setError(null), onSettled: () => setBusy(null) },
    );
  };

  return (
    <Stack gap="md" className={touch.touch} maw={900}>
      <ConnectionBanner />
      <Title order={2}>{kt.waiterTitle}</Title>
      <UnacknowledgedAlerts alerts={alerts.data ?? []} />
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Title order={3} size="h4">
        ✓ {kt.readyTitle}
      </Title>
      {ready.isPending ? (
        <Loader role="status" aria-label="Yükleniyor..." />
      ) : groups.length === 0 ? (
        <div className={classes.empty}>
          <p>
            <strong>{kt.noReady}</strong>
          </p>
          <p>{kt.noReadyHint}</p>
        </div>
      ) : (
        groups.map((g) => (
          <section key={g.ticketId} className={classes.readyGroup} aria-label={g.where} data-testid="ready-group">
            <header className={classes.readyGroupHead}>
              <h3>{g.where}</h3>
              {isOwner && g.waiterName && (
                <span>
                  {kt.waiter}: {g.waiterName}
                </span>
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
                <Button size="md" color="green" onClick={() => serve(l)} loading={busy === l.id} aria-label={`${l.quantity} × ${l.name}: ${kt.served}`}>
                  🍽 {kt.served}
                </Button>
              </div>
            ))}
          </section>
        ))
      )}
    </Stack>
  );
}
