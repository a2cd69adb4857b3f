import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { messageFor } from '../../api/field-errors';
import { handOverOnlineOrder } from '../../api/online-orders';
import { queryKeys } from '../../api/query-keys';
import { ot } from './online-orders-text';

/** The statuses in which an accepted order may still be handed over from the inbox. */
const BEFORE_HANDOVER: readonly OnlineOrderInfo['status'][] = ['accepted', 'preparing', 'ready'];

/** Whether Teslim Edildi is offered: the card asks first, so other orders' cards hold no mutation. */
export const canHandOver = (order: OnlineOrderInfo) => Boolean(order.ticketId) && BEFORE_HANDOVER.includes(order.status);

/**
 * Teslim Edildi: a Gel-Al order taken at the counter, or a delivery the platform's own courier
 * took. The server takes what is left with the order's payment method and closes the adisyon; an
 * order with one of our couriers is refused with the reason (the courier finishes it).
 */
export function HandOverButton({ order }: { order: OnlineOrderInfo }) {
  const qc = useQueryClient();
  const handOver = useMutation({
    mutationFn: () => handOverOnlineOrder(order.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() }),
  });
  if (!canHandOver(order)) return null;
  return (
    <Stack gap={4}>
      <Button size="lg" variant="outline" color="dark" loading={handOver.isPending} onClick={() => handOver.mutate()}>
        {order.type === 'takeaway' ? ot.handOverTakeaway : ot.handOver}
      </Button>
      {handOver.isError && (
        <Text size="sm" c="red.9" role="alert">
          {messageFor(handOver.error)}
        </Text>
      )}
    </Stack>
  );
}
