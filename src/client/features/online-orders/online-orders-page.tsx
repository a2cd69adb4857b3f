import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ONLINE_ORDER_STATUSES, ONLINE_ORDER_STATUS_LABELS, type OnlineOrderInfo, type OnlineOrderStatus } from '../../../shared/online-orders-contract';
import { messageFor } from '../../api/field-errors';
import { onlineOrdersQuery } from '../../api/online-orders';
import { AcceptDialog, RejectDialog } from './answer-dialogs';
import { BusyControls } from './busy-controls';
import { OnlineOrderCard } from './online-order-card';
import classes from './online-orders.module.css';
import { ot } from './online-orders-text';
import { PhoneOrderDialog } from './phone-order-dialog';
import { SofraChannelSection } from './sofra-channel-section';

type Filter = OnlineOrderStatus | 'all';

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
      <SofraChannelSection />
      <AcceptDialog order={accepting} onClose={() => setAccepting(null)} onDone={done} />
      <RejectDialog order={rejecting} onClose={() => setRejecting(null)} onDone={done} />
      <PhoneOrderDialog opened={takingCall} onClose={() => setTakingCall(false)} onDone={done} />
    </Stack>
  );
}
