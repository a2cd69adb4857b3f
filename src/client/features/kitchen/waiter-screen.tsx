import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ReadyLine } from '../../../shared/kitchen-contract';
import { getUserSession } from '../../api/session';
import { ConnectionBanner } from './connection-banner';
import { useMarkServed, useServeLines, useUndoServe } from './api/kitchen-mutations';
import classes from './kitchen.module.css';
import { kt } from './kitchen-text';
import { ReadyGroupCard } from './ready-group-card';
import { groupReadyLines, type ReadyGroup } from './ready-groups';
import { ServeUndoBar, type ServedUndo } from './serve-undo-bar';
import { UnacknowledgedAlerts } from './unacknowledged-alerts';
import touch from '../../components/touch-targets.module.css';
import { useKitchenAlerts, useReadyLines } from './api/kitchen-hooks';

const dish = (l: ReadyLine) => `${l.quantity} × ${l.name}`;

/**
 * Garson Ekranı: the ready lines of the waiter's tables (every waiter's for the owner), the newest
 * on top, each with Servis Edildi and each table with Tümünü Servis Et; a mistaken serve can be
 * taken back for a few seconds. On top, batches the kitchen has not received in time. Below,
 * `requests`: what waiter-app.tsx puts there (the guests' requests of the last hour, QR Sipariş).
 */
export default function WaiterScreen({ requests }: { requests?: ReactNode } = {}) {
  const isOwner = getUserSession()?.role === 'owner';
  const ready = useReadyLines();
  const alerts = useKitchenAlerts();
  const served = useMarkServed();
  const servedAll = useServeLines();
  const undo = useUndoServe();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [lastServed, setLastServed] = useState<ServedUndo | null>(null);
  const groups = useMemo(() => groupReadyLines(ready.data ?? []), [ready.data]);
  const forget = useCallback(() => setLastServed(null), []);

  const done = (offer: ServedUndo | null) => {
    setError(null);
    setLastServed(offer);
  };
  const failed = (e: Error) => setError(e.message);

  const serve = (line: ReadyLine, where: string) => {
    setBusy(line.id);
    served.mutate(
      { ticketId: line.ticketId, lineId: line.id },
      { onSuccess: () => done({ ticketId: line.ticketId, lineIds: [line.id], what: `${where}: ${dish(line)}` }), onError: failed, onSettled: () => setBusy(null) },
    );
  };

  const serveAll = (g: ReadyGroup) => {
    setBusy(`all:${g.ticketId}`);
    servedAll.mutate(
      { ticketId: g.ticketId, lineIds: g.lines.map((l) => l.id) },
      {
        onSuccess: ({ lineIds }) => done(lineIds.length ? { ticketId: g.ticketId, lineIds, what: `${g.where}: ${g.lines.map(dish).join(', ')}` } : null),
        onError: failed,
        onSettled: () => setBusy(null),
      },
    );
  };

  const takeBack = (offer: ServedUndo) =>
    undo.mutate({ ticketId: offer.ticketId, lineIds: offer.lineIds }, { onSuccess: () => done(null), onError: (e) => (forget(), failed(e)) });

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
      {lastServed && <ServeUndoBar served={lastServed} isBusy={undo.isPending} onUndo={() => takeBack(lastServed)} onExpire={forget} />}
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
          <ReadyGroupCard key={g.ticketId} group={g} showWaiter={isOwner} busy={busy} onServe={(l) => serve(l, g.where)} onServeAll={serveAll} />
        ))
      )}
      {requests}
    </Stack>
  );
}
