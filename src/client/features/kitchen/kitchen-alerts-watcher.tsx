import { Alert, Button, Group } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { playChime } from '../../components/chime';
import { usePreferences } from '../settings/api';
import { useKitchenAlerts, useReadyLines } from './api/kitchen-hooks';
import classes from './kitchen.module.css';
import { kt, whereLabel } from './kitchen-text';

const VIBRATION = [200, 100, 200];
/** More than this at once would cover the screen: the oldest goes (Garson Ekranı lists everything anyway). */
const MAX_MESSAGES = 3;
interface Message {
  id: number;
  /** a ready notice's table (its lines gather in one notice); null for a warning */
  table: string | null;
  text: string;
  /** the dishes of a ready notice: "2× Mercimek Çorbası, 1× Ayran" */
  detail: string | null;
  units: number;
  isWarning: boolean;
}
let nextId = 1;

/** Ids seen before; null until the first answer, so what was already there does not ring. */
function useNewIds(ids: readonly string[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  useEffect(() => {
    if (!ids) return;
    const previous = seen.current;
    seen.current = new Set(ids);
    const fresh = previous ? ids.filter((id) => !previous.has(id)) : [];
    if (fresh.length > 0) setAdded(fresh);
  }, [ids]);
  return added;
}

/**
 * The in-app alert on every screen of the dashboard: for a waiter, something of theirs became
 * ready; for waiter and owner, a batch the kitchen did not receive in time. Sound and vibration
 * follow the person's Ayarlar; the message stays until dismissed or opened.
 */
export function KitchenAlertsWatcher({ role }: { role: 'waiter' | 'owner' }) {
  const prefs = usePreferences();
  const location = useLocation();
  const ready = useReadyLines(role === 'waiter');
  const alerts = useKitchenAlerts();
  const readyIds = useMemo(() => ready.data?.map((l) => l.id), [ready.data]);
  const alertIds = useMemo(() => alerts.data?.map((a) => a.batchId), [alerts.data]);
  const newReady = useNewIds(readyIds);
  const newAlerts = useNewIds(alertIds);
  // Newest first. A warning arriving never hides a ready notice the waiter has not read yet.
  const [messages, setMessages] = useState<Message[]>([]);
  const show = (text: string, isWarning: boolean) =>
    setMessages((list) => [{ id: nextId++, table: null, text, detail: null, units: 0, isWarning }, ...list].slice(0, MAX_MESSAGES));
  /** One notice per table: what becomes ready there later joins it ("Bahçe 1: 3 ürün hazır") and it comes to the top. */
  const showReady = (table: string, lines: readonly { quantity: number; name: string }[]) =>
    setMessages((list) => {
      const earlier = list.find((m) => m.table === table);
      const units = (earlier?.units ?? 0) + lines.reduce((n, l) => n + l.quantity, 0);
      const detail = [earlier?.detail, ...lines.map((l) => `${l.quantity}× ${l.name}`)].filter(Boolean).join(', ');
      const message = { id: earlier?.id ?? nextId++, table, text: kt.readyAtTable(table, units), detail, units, isWarning: false };
      return [message, ...list.filter((m) => m !== earlier)].slice(0, MAX_MESSAGES);
    });
  const dismiss = (id: number) => setMessages((list) => list.filter((m) => m.id !== id));
  // Garson Ekranı lists it all already: there the alert only rings.
  const isOnWaiterScreen = location.pathname.includes('/waiter-screen');
  const showsList = useRef(isOnWaiterScreen);
  showsList.current = isOnWaiterScreen;

  useEffect(() => {
    const lines = ready.data?.filter((l) => newReady.includes(l.id)) ?? [];
    if (lines.length === 0) return;
    notify(prefs);
    if (showsList.current) return;
    const byTable = new Map<string, typeof lines>();
    for (const l of lines) byTable.set(whereLabel(l), [...(byTable.get(whereLabel(l)) ?? []), l]);
    for (const [table, ofTable] of byTable) showReady(table, ofTable);
    // Rings when new ids arrive, not when the preferences or the list object change.
  }, [newReady]);

  useEffect(() => {
    const list = alerts.data?.filter((a) => newAlerts.includes(a.batchId)) ?? [];
    if (list.length === 0) return;
    const text = `${kt.unacknowledgedTitle}: ${list.map((a) => whereLabel({ ...a, customerName: null })).join(', ')}`;
    notify(prefs);
    if (!showsList.current) show(text, true);
  }, [newAlerts]);

  // Opening Garson Ekranı shows it all: the message has done its job.
  useEffect(() => {
    if (isOnWaiterScreen) setMessages([]);
  }, [isOnWaiterScreen]);

  const toastRef = useToastRoom(messages.length > 0);

  if (messages.length === 0) return null;
  return (
    <div className={classes.toast} ref={toastRef} data-testid="kitchen-toasts">
      {messages.map((message) => (
        <Alert
          key={message.id}
          className={classes.toastMessage}
          color={message.isWarning ? 'red' : 'green'}
          variant="filled"
          role="alert"
          data-testid="kitchen-toast"
          title={message.isWarning ? `⚠ ${kt.unacknowledgedTitle}` : `✓ ${kt.readyTitle}`}
        >
          {message.text}
          {message.detail && <div className={classes.toastDetail}>{message.detail}</div>}
          <Group mt="sm" gap="sm">
            {!isOnWaiterScreen && (
              <Button component={Link} to={`/${role}/${role === 'owner' ? 'kitchen' : 'waiter-screen'}`} variant="white" size="md" onClick={() => setMessages([])}>
                {role === 'owner' ? kt.kitchenTitle : kt.goToWaiterScreen}
              </Button>
            )}
            <Button variant="outline" color="white" size="md" onClick={() => dismiss(message.id)}>
              {kt.dismiss}
            </Button>
          </Group>
        </Alert>
      ))}
    </div>
  );
}

/**
 * While the alert shows, the screen under it starts below it: its height goes into
 * `--kitchen-toast-height` on <body> (kept up to date as messages come and go) and
 * `data-kitchen-toast` turns the room on (kitchen.module.css), so it never covers a control.
 */
function useToastRoom(isShown: boolean) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!isShown || !node) return;
    const body = document.body;
    const measure = () => body.style.setProperty('--kitchen-toast-height', `${Math.ceil(node.getBoundingClientRect().height)}px`);
    measure();
    body.dataset.kitchenToast = '';
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      delete body.dataset.kitchenToast;
      body.style.removeProperty('--kitchen-toast-height');
    };
  }, [isShown, node]);
  return setNode;
}

function notify(prefs: { soundEnabled: boolean; volume: number; vibrationEnabled: boolean }) {
  if (prefs.soundEnabled) playChime(prefs.volume);
  if (prefs.vibrationEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION);
}
