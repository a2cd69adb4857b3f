import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { messageFor } from '../../api/field-errors';
import { handOverOnlineOrder } from './api/online-orders-mutations';
import { queryKeys } from '../../api/query-keys';
import { ot } from './online-orders-text';
import { CLOSING_GRACE_MS, graceSecondsLeft } from '../../../shared/closing-grace';

/** The statuses in which an accepted order may still be handed over from the inbox. */
const BEFORE_HANDOVER: readonly OnlineOrderInfo['status'][] = ['accepted', 'preparing', 'ready'];

/**
 * Whether Teslim Edildi is offered: a Gel-Al order, or a delivery the platform's own courier takes
 * (the server refuses the rest: our courier finishes those). The card asks first, so other orders'
 * cards hold no mutation.
 */
export const canHandOver = (order: OnlineOrderInfo) =>
  Boolean(order.ticketId) && BEFORE_HANDOVER.includes(order.status) && (order.type === 'takeaway' || order.platformCourier);

/**
 * Teslim Edildi: a Gel-Al order taken at the counter, or a delivery the platform's own courier
 * took. It asks once, then waits a minute before the call is sent, with Geri Al
 * (src/shared/closing-grace.ts says why before the call and not after) and Şimdi Kaydet for the
 * one who is sure. Leaving the screen during
 * the minute sends it at once: the tap was confirmed.
 */
export function HandOverButton({ order }: { order: OnlineOrderInfo }) {
  const qc = useQueryClient();
  const handOver = useMutation({
    mutationFn: () => handOverOnlineOrder(order.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() }),
  });
  const [asking, setAsking] = useState(false);
  const [dueAt, setDueAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const send = useRef(handOver.mutate);
  send.current = handOver.mutate;

  useEffect(() => {
    if (dueAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const fire = setTimeout(() => {
      setDueAt(null);
      send.current();
    }, Math.max(0, dueAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(fire);
    };
  }, [dueAt]);
  // the screen closes during the minute: the confirmed tap is sent, never silently dropped
  const pending = useRef(false);
  pending.current = dueAt !== null;
  useEffect(() => () => void (pending.current && handOverOnlineOrder(order.id).catch(() => undefined)), [order.id]);

  if (!canHandOver(order)) return null;
  const label = order.type === 'takeaway' ? ot.handOverTakeaway : ot.handOver;
  return (
    <Stack gap={4}>
      {dueAt !== null ? (
        <Group gap="xs" wrap="nowrap" role="status">
          <Text size="sm" fw={600}>
            {ot.handOverPending(graceSecondsLeft(dueAt, now))}
          </Text>
          <Button size="md" color="dark" onClick={() => setDueAt(null)}>
            {ot.undo}
          </Button>
          <Button
            size="md"
            variant="default"
            onClick={() => {
              setDueAt(null);
              send.current();
            }}
          >
            {ot.sendNow}
          </Button>
        </Group>
      ) : asking ? (
        <Stack gap={4}>
          <Text size="sm">{ot.handOverConfirm}</Text>
          <Group gap="xs">
            <Button
              size="md"
              color="dark"
              onClick={() => {
                setAsking(false);
                setNow(Date.now());
                setDueAt(Date.now() + CLOSING_GRACE_MS);
              }}
            >
              {ot.handOverYes}
            </Button>
            <Button size="md" variant="default" onClick={() => setAsking(false)}>
              {ot.cancel}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button size="lg" variant="outline" color="dark" loading={handOver.isPending} onClick={() => setAsking(true)}>
          {label}
        </Button>
      )}
      {handOver.isError && (
        <Text size="sm" c="red.9" role="alert">
          {messageFor(handOver.error)}
        </Text>
      )}
    </Stack>
  );
}
