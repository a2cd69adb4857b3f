import { Alert, Button, Loader } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { KitchenLine, KitchenOrder, KitchenSettableStatus } from '../../../shared/kitchen-contract';
import { usePreferences } from '../settings/api';
import { ConnectionBanner } from './connection-banner';
import { useBumpBatch, useSetLineStatus } from './api/kitchen-mutations';
import { ageOf, cardKey, isOnBoard, pendingSummary } from './kitchen-board';
import { KitchenCard } from './kitchen-card';
import classes from './kitchen.module.css';
import { kt } from './kitchen-text';
import { useFullScreen } from './use-full-screen';
import { useKitchenArrivals } from './use-kitchen-arrivals';
import { useNow } from '../../components/use-now';
import { useSidebarCollapsedOnTablet } from '../../components/sidebar-collapse';
import { useKitchenOrders, useKitchenThresholds } from './api/kitchen-hooks';

const NO_LINES: ReadonlySet<string> = new Set();

/**
 * Siparişler (kitchen) and Mutfak Ekranı (owner): every batch sent to the kitchen as a card,
 * oldest first, live. The station, text size, sound and full screen come from the person's Ayarlar;
 * the warn / late minutes from the owner's.
 */
export default function KitchenScreen({ title = kt.ordersTitle }: { title?: string }) {
  const prefs = usePreferences();
  const station = prefs.station;
  const thresholds = useKitchenThresholds();
  const orders = useKitchenOrders(station);
  const setStatus = useSetLineStatus();
  const bump = useBumpBatch();
  const now = useNow(15_000);
  const fullScreen = useFullScreen(prefs.fullScreen);
  useSidebarCollapsedOnTablet();
  const [busyLines, setBusyLines] = useState<ReadonlySet<string>>(NO_LINES);
  const [bumping, setBumping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const board = useMemo(() => (orders.data ?? []).filter(isOnBoard), [orders.data]);
  const summary = useMemo(() => pendingSummary(board), [board]);
  const fresh = useKitchenArrivals(orders.data ? board : undefined, station, prefs);

  const onStep = useCallback(
    (line: KitchenLine, status: KitchenSettableStatus) => {
      setBusyLines((s) => new Set(s).add(line.id));
      setStatus.mutate(
        { lineId: line.id, status },
        {
          onError: (e) => setError(e.message),
          onSettled: () =>
            setBusyLines((s) => {
              const next = new Set(s);
              next.delete(line.id);
              return next.size ? next : NO_LINES;
            }),
        },
      );
    },
    // mutate is stable across renders
    [],
  );
  const onBump = useCallback(
    (card: KitchenOrder) => {
      setBumping(cardKey(card));
      bump.mutate({ batchId: card.batchId, station }, { onError: (e) => setError(e.message), onSettled: () => setBumping(null) });
    },
    // mutate is stable across renders
    [station],
  );

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), 6000);
    return () => clearTimeout(timer);
  }, [error]);

  return (
    <section ref={fullScreen.ref} className={classes.screen} style={{ '--kitchen-font': `${prefs.fontSize}px` } as CSSProperties}>
      <ConnectionBanner />
      <div className={classes.toolbar}>
        <h2>{title}</h2>
        <span className={classes.stationChip}>
          {kt.station}: {station || kt.allStations}
        </span>
        {fullScreen.isSupported && (
          <Button variant="default" size="md" onClick={fullScreen.toggle}>
            {fullScreen.isActive ? kt.exitFullScreen : kt.fullScreen}
          </Button>
        )}
      </div>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {summary.length > 0 && (
        <div className={classes.summary} aria-label={kt.summary} data-testid="kitchen-summary">
          <h3>{kt.summary}:</h3>
          {summary.map((s) => (
            <span key={s.name} className={classes.summaryItem}>
              {s.quantity} × {s.name}
            </span>
          ))}
        </div>
      )}
      {orders.isPending ? (
        <Loader role="status" aria-label="Yükleniyor..." />
      ) : orders.isError && !orders.data ? (
        <Alert color="red" role="alert">
          {orders.error.message}
        </Alert>
      ) : board.length === 0 ? (
        <div className={classes.empty}>
          <p>
            <strong>{kt.empty}</strong>
          </p>
          <p>{kt.emptyHint}</p>
        </div>
      ) : (
        <div className={classes.grid} aria-live="polite" aria-relevant="additions">
          {board.map((card) => {
            const key = cardKey(card);
            const age = ageOf(card.sentAt, now, thresholds);
            return (
              <KitchenCard
                key={key}
                card={card}
                minutes={age.minutes}
                level={age.level}
                isNew={fresh.has(key)}
                busyLineIds={card.lines.some((l) => busyLines.has(l.id)) ? busyLines : NO_LINES}
                onStep={onStep}
                onBump={onBump}
                isBumping={bumping === key}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}
