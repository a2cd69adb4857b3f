import { Alert, Text } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useOnlineOrdersWaiting } from '../online-orders/api';
import { useGeneralSettings, usePreferences } from '../settings/api';
import { playChime } from '../../components/chime';
import { useNow } from '../../components/use-now';
import classes from './kitchen.module.css';
import { kt } from './kitchen-text';

/** How often a waiting order rings again: as the owner's screens do, often enough that nobody misses it. */
export const RING_EVERY_MS = 10_000;
const VIBRATION = [300, 100, 300];

const subscribeFullScreen = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const fullScreenElement = () => (typeof document === 'undefined' ? null : document.fullscreenElement);

/**
 * On every kitchen screen, when the owner's Ayarlar say "Yeni online siparişte mutfak ekranı da
 * çalsın": while online orders wait for the owner's answer, a flashing banner counts them and a
 * chime rings at once and then every RING_EVERY_MS, until none waits. The kitchen only learns the
 * count (GET …/online-orders/waiting), never the orders; the owner answers them. Sound and vibration
 * follow the person's own Ayarlar; the banner does not.
 */
export function KitchenOnlineOrdersRing() {
  const isOn = useGeneralSettings((s) => s.kitchenRingsForOnlineOrders === true).data ?? false;
  const waiting = useOnlineOrdersWaiting(isOn);
  const prefs = usePreferences();
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const count = isOn ? (waiting.data?.count ?? 0) : 0;
  const isShown = count > 0;

  // Rings when the banner appears and whenever another order arrives; then every RING_EVERY_MS.
  const lastCount = useRef(0);
  useEffect(() => {
    const previous = lastCount.current;
    lastCount.current = count;
    if (!isShown) return;
    if (count > previous) ring();
    const timer = setInterval(ring, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [count]);

  function ring() {
    const p = prefsRef.current;
    if (p.soundEnabled) playChime(p.volume);
    if (p.vibrationEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION);
  }

  useEffect(() => {
    if (!isShown) return;
    document.body.dataset.kitchenOnlineAlert = '';
    return () => void delete document.body.dataset.kitchenOnlineAlert;
  }, [isShown]);

  // In full screen only the kitchen screen's own element shows: the banner goes inside it.
  const fullScreen = useSyncExternalStore(subscribeFullScreen, fullScreenElement, () => null);
  const now = useNow(15_000);
  if (!isShown) return null;
  const oldestAt = waiting.data?.oldestAt ? Date.parse(waiting.data.oldestAt) : null;
  const banner = (
    <Alert className={classes.onlineRing} color="orange.9" variant="filled" role="alert" data-testid="kitchen-online-ring" title={kt.onlineWaiting(count)}>
      {oldestAt !== null && (
        <Text c="white" fw={600}>
          {kt.onlineOldest(Math.max(0, Math.floor((now - oldestAt) / 60_000)))}
        </Text>
      )}
    </Alert>
  );
  return fullScreen ? createPortal(banner, fullScreen) : banner;
}
