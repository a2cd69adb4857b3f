import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { onlineOrdersQuery } from './api/online-orders-queries';
import { usePreferences } from '../settings/api';
import { playAlertChime } from '../../components/chime';
import { useNow } from '../../components/use-now';
import classes from './online-orders.module.css';
import { URGENCY_LABELS, ot, urgencyOf, waitText } from './online-orders-text';
import { whenIdle } from './when-idle';

/** How often an unanswered order rings again: often enough that nobody misses it, not a siren. */
const RING_EVERY_MS = 10_000;
const VIBRATION = [300, 100, 300];

/** Whether the page may sound: it has had a tap or a key (where the browser does not say, as before: yes). */
const canSound = () => navigator.userActivation?.hasBeenActive ?? true;

/**
 * On every owner screen: a new online order rings at once (the live event refreshes the inbox) and
 * keeps ringing, with a flashing banner counting the wait of the oldest, until every new order is
 * accepted or rejected. Sound and vibration follow the person's Ayarlar; the banner does not.
 */
export function OnlineOrdersWatcher() {
  const prefs = usePreferences();
  const location = useLocation();
  const orders = useQuery(onlineOrdersQuery());
  const now = useNow(1000);
  const waiting = useMemo(() => (orders.data ?? []).filter((o) => o.status === 'new'), [orders.data]);
  const ids = waiting.map((o) => o.id).join(',');
  const lastRing = useRef(0);
  const known = useRef<Set<string> | null>(null);
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const waitingCount = useRef(0);
  waitingCount.current = waiting.length;
  // the first answer's ring, kept for the first tap or key of a page that cannot sound yet
  const ringOnGesture = useRef(false);

  // a new id rings at once; then every RING_EVERY_MS while any order waits
  const hasAnswer = orders.data !== undefined;
  useEffect(() => {
    // before the first answer nothing is known: the orders it brings are not new arrivals
    if (!hasAnswer) return;
    const current = new Set(waiting.map((o) => o.id));
    const previous = known.current;
    known.current = current;
    const hasNew = previous !== null && [...current].some((id) => !previous.has(id));
    if (hasNew) ring();
    // The first answer also rings: an order waiting when the screen opens is still unanswered.
    // Once the screen has drawn, though: the page's first audio context blocks it for a few hundred
    // ms while it opens the sound output, and a reload of a full inbox is drawing 200 orders then.
    // A page that has had no tap yet cannot sound at all (browsers keep its audio off until one):
    // its ring waits for the first tap or key. The 10 s ring waits for either too.
    else if (previous === null && current.size > 0) {
      lastRing.current = Date.now();
      if (!canSound()) ringOnGesture.current = true;
      else return whenIdle(ring, 2000);
    }
  }, [ids, hasAnswer]);
  useEffect(() => {
    if (waiting.length > 0 && now - lastRing.current >= RING_EVERY_MS) ring();
  }, [now]);
  useEffect(() => {
    if (canSound()) return;
    const gestures = ['pointerdown', 'keydown'] as const;
    const stop = () => gestures.forEach((g) => window.removeEventListener(g, first, true));
    function first() {
      stop();
      if (ringOnGesture.current && waitingCount.current > 0) ring();
    }
    gestures.forEach((g) => window.addEventListener(g, first, true));
    return stop;
  }, []);

  function ring() {
    ringOnGesture.current = false;
    lastRing.current = Date.now();
    const p = prefsRef.current;
    if (p.soundEnabled) playAlertChime(Math.max(p.volume, 60));
    if (p.vibrationEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION);
  }

  const isShown = waiting.length > 0;
  useEffect(() => {
    if (!isShown) return;
    document.body.dataset.onlineAlert = '';
    return () => void delete document.body.dataset.onlineAlert;
  }, [isShown]);

  if (!isShown) return null;
  const oldest = Math.min(...waiting.map((o) => Date.parse(o.receivedAt)));
  const waited = now - oldest;
  const urgency = urgencyOf(waited);
  const onInbox = location.pathname.includes('/online-takip');
  return (
    <Alert
      className={`${classes.banner} ${classes.flash}`}
      color={urgency === 'fresh' ? 'orange.9' : 'red.9'}
      variant="filled"
      role="alert"
      data-testid="online-orders-banner"
      data-urgency={urgency}
      title={`${URGENCY_LABELS[urgency]}: ${ot.waitingBanner(waiting.length)}`}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="white" fw={600}>
          {ot.oldest(waitText(waited))}
        </Text>
        {!onInbox && (
          <Button component={Link} to="/owner/online-takip" variant="white" color="dark" size="md">
            {ot.openInbox}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
