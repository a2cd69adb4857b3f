import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { ONLINE_ORDER_STATUSES, ONLINE_ORDER_STATUS_LABELS, type OnlineOrderInfo, type OnlineOrderStatus } from '../../../shared/online-orders-contract';
import { messageFor } from '../../api/field-errors';
import { onlineOrdersQuery } from './api/online-orders-queries';
import { menuQuery } from '../menu/api';
import { BusyControls } from './busy-controls';
import { OnlineOrderCard } from './online-order-card';
import classes from './online-orders.module.css';
import { ot } from './online-orders-text';
import { useOnceTrue, whenIdle } from './when-idle';

type Filter = OnlineOrderStatus | 'all';

/*
 * What the inbox needs only after its orders are drawn: the three dialogs (their form fields, and
 * Telefon Siparişi's menu) and Kendi Kanalımız, below the last card. Their code loads, and the menu
 * is read, once the page is idle after drawing (on a reload: the orders are on screen); a dialog
 * mounts when it first opens, from code by then loaded.
 */
const loadAnswerDialogs = () => import('./answer-dialogs');
const loadPhoneOrderDialog = () => import('./phone-order-dialog');
const loadSofraChannel = () => import('./sofra-channel-section');
const AcceptDialog = lazy(() => loadAnswerDialogs().then((m) => ({ default: m.AcceptDialog })));
const RejectDialog = lazy(() => loadAnswerDialogs().then((m) => ({ default: m.RejectDialog })));
const PhoneOrderDialog = lazy(() => loadPhoneOrderDialog().then((m) => ({ default: m.PhoneOrderDialog })));
const SofraChannelSection = lazy(() => loadSofraChannel().then((m) => ({ default: m.SofraChannelSection })));

/**
 * Online Sipariş Takibi (issue 24): every order that did not start at a table, newest unanswered
 * first; Onayla with a preparation time, Reddet with a reason; a filter by status. Phone first: one
 * column of cards at 390 px, more on wider screens.
 */
export default function OnlineOrdersPage() {
  const orders = useQuery(onlineOrdersQuery());
  const [filter, setFilter] = useState<Filter>('all');
  const [accepting, setAccepting] = useState<OnlineOrderInfo | null>(null);
  const [rejecting, setRejecting] = useState<OnlineOrderInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [takingCall, setTakingCall] = useState(false);
  const [settled, setSettled] = useState(false);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenIdle(() => {
        setSettled(true);
        void loadAnswerDialogs().catch(() => undefined);
        void loadPhoneOrderDialog().catch(() => undefined);
        void queryClient.prefetchQuery(menuQuery());
      }, 2000),
    [queryClient],
  );
  const acceptShown = useOnceTrue(accepting !== null);
  const rejectShown = useOnceTrue(rejecting !== null);
  const callShown = useOnceTrue(takingCall);

  const counts = useMemo(() => {
    const c = new Map<OnlineOrderStatus, number>();
    for (const o of orders.data ?? []) c.set(o.status, (c.get(o.status) ?? 0) + 1);
    return c;
  }, [orders.data]);
  // unanswered first (oldest of them first: it has waited longest), then the rest newest first
  const shown = useMemo(() => {
    const list = (orders.data ?? []).filter((o) => filter === 'all' || o.status === filter);
    const waiting = list.filter((o) => o.status === 'new').sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    return [...waiting, ...list.filter((o) => o.status !== 'new')];
  }, [orders.data, filter]);

  const done = (message: string) => {
    setAccepting(null);
    setRejecting(null);
    setTakingCall(false);
    setNotice(message);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{ot.title}</Title>
        <Button size="md" color="dark" onClick={() => setTakingCall(true)}>
          {ot.phoneOrder}
        </Button>
        <NativeSelect
          label={ot.statusFilter}
          size="md"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as Filter)}
          data={[
            { value: 'all', label: `${ot.all} (${orders.data?.length ?? 0})` },
            ...ONLINE_ORDER_STATUSES.map((s) => ({ value: s, label: `${ONLINE_ORDER_STATUS_LABELS[s]} (${counts.get(s) ?? 0})` })),
          ]}
        />
      </Group>
      <BusyControls onDone={setNotice} />
      {notice && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {orders.isPending ? (
        <Loader aria-label="Yükleniyor" />
      ) : orders.isError ? (
        <Alert color="red" role="alert">
          {messageFor(orders.error)}
        </Alert>
      ) : shown.length === 0 ? (
        <Stack gap={4} py="lg">
          <Text fw={600}>{ot.empty}</Text>
          <Text size="sm">{ot.emptyHint}</Text>
        </Stack>
      ) : (
        <div className={classes.list}>
          {shown.map((o) => (
            <OnlineOrderCard key={o.id} order={o} onAccept={setAccepting} onReject={setRejecting} />
          ))}
        </div>
      )}
      {/* one boundary each: one loading never hides another already shown */}
      <Suspense fallback={null}>{settled && <SofraChannelSection />}</Suspense>
      <Suspense fallback={null}>{acceptShown && <AcceptDialog order={accepting} onClose={() => setAccepting(null)} onDone={done} />}</Suspense>
      <Suspense fallback={null}>{rejectShown && <RejectDialog order={rejecting} onClose={() => setRejecting(null)} onDone={done} />}</Suspense>
      <Suspense fallback={null}>{callShown && <PhoneOrderDialog opened={takingCall} onClose={() => setTakingCall(false)} onDone={done} />}</Suspense>
    </Stack>
  );
}
