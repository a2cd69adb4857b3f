import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  ONLINE_ORDER_SOURCE_COLORS,
  ONLINE_ORDER_SOURCE_LABELS,
  ONLINE_ORDER_STATUS_LABELS,
  ONLINE_ORDER_TYPE_LABELS,
  ONLINE_PAYMENT_LABELS,
  REJECT_REASON_LABELS,
  DELIVERY_PLATFORMS,
  type DeliveryPlatform,
  type OnlineOrderInfo,
} from '../../../shared/online-orders-contract';
import { formatTurkishPhone } from '../../../shared/phone';
import { HandOverButton } from './hand-over-button';
import { MapProductControl } from './map-product-control';
import classes from './online-orders.module.css';
import { URGENCY_LABELS, itemLine, money, ot, timeText, urgencyOf, waitText } from './online-orders-text';
import { pt } from './platform-text';

const URGENCY_COLORS = { fresh: 'orange.9', warn: 'red.8', late: 'red.9' } as const;

/**
 * One order as the owner decides on it: where it came from (name and colour), who and where,
 * what (dishes with options and notes), how it is paid, the total and when it is wanted; a new
 * order shows how long it has waited, escalating, and its two answers.
 */
export function OnlineOrderCard({ order, now, onAccept, onReject }: { order: OnlineOrderInfo; now: number; onAccept(): void; onReject(): void }) {
  const isNew = order.status === 'new';
  // an unmapped product: Onayla waits until it is mapped (the server refuses it too)
  const hasUnmapped = order.items.some((i) => i.unmapped);
  const waited = now - Date.parse(order.receivedAt);
  const urgency = urgencyOf(waited);
  const colour = ONLINE_ORDER_SOURCE_COLORS[order.source];
  const readyBy = order.answeredAt && order.prepMinutes ? new Date(Date.parse(order.answeredAt) + order.prepMinutes * 60_000).toISOString() : null;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-label={`${ONLINE_ORDER_SOURCE_LABELS[order.source]} #${order.externalId}, ${ONLINE_ORDER_STATUS_LABELS[order.status]}`}
      className={`${classes.card} ${isNew ? classes.cardNew : ''}`}
      style={{ borderLeftColor: colour }}
      data-testid="online-order"
      data-status={order.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Badge size="lg" radius="sm" className={classes.sourceBadge} style={{ background: colour }}>
              {ONLINE_ORDER_SOURCE_LABELS[order.source]}
            </Badge>
            <Text fw={700}>#{order.externalId}</Text>
          </Group>
          <Badge size="lg" variant="outline" color="dark">
            {ONLINE_ORDER_STATUS_LABELS[order.status]}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="dark">
            {ONLINE_ORDER_TYPE_LABELS[order.type]}
          </Badge>
          <Text size="sm">
            {ot.received}: {timeText(order.receivedAt)} · {ot.expected}: {order.expectedAt ? timeText(order.expectedAt) : ot.asap}
          </Text>
        </Group>
        {isNew && (
          <Badge size="xl" radius="sm" color={URGENCY_COLORS[urgency]} variant="filled" data-testid="order-wait" style={{ alignSelf: 'flex-start' }}>
            {URGENCY_LABELS[urgency]} · {ot.waiting}: {waitText(waited)}
          </Badge>
        )}

        <div>
          <Text fw={600}>{order.customer.name}</Text>
          {order.customer.phone && (
            <Anchor href={`tel:${order.customer.phone}`} size="sm" aria-label={ot.call(formatTurkishPhone(order.customer.phone))}>
              {formatTurkishPhone(order.customer.phone)}
            </Anchor>
          )}
          {order.customer.address && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {ot.address}: {order.customer.address}
            </Text>
          )}
        </div>

        <ul className={classes.items}>
          {order.items.map((item, i) => (
            <li key={i}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text>{itemLine(item)}</Text>
                <Text style={{ whiteSpace: 'nowrap' }}>{money(item.total)}</Text>
              </Group>
              {item.note && (
                <Text size="sm" fs="italic">
                  Not: {item.note}
                </Text>
              )}
              {item.unmapped && <UnmappedLine order={order} item={item} />}
            </li>
          ))}
        </ul>
        {order.note && (
          <Text size="sm">
            <b>{ot.orderNote}:</b> {order.note}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {ot.payment}: {ONLINE_PAYMENT_LABELS[order.payment.method]}
            {order.payment.brand ? ` (${order.payment.brand})` : ''}
          </Text>
          <Text fw={700}>
            {ot.total}: {money(order.total)}
          </Text>
        </Group>
        {order.platformDiscount > 0 && (
          <Text size="sm">
            {ot.platformDiscount}: {money(order.platformDiscount)}
          </Text>
        )}
        {order.prepMinutes !== null && (
          <Text size="sm">
            {ot.prep(order.prepMinutes)}
            {readyBy ? ` · ${ot.readyBy(timeText(readyBy))}` : ''}
            {order.ticketNumber !== null ? ` · ${ot.ticket(order.ticketNumber)}` : ''}
          </Text>
        )}
        {order.status === 'cancelled' && (
          <Text size="sm" fw={600} c="red.9">
            {ot.cancelledByPlatform}
            {order.rejectNote ? `: ${order.rejectNote}` : ''}
          </Text>
        )}
        <HandOverButton order={order} />
        {order.rejectReason && (
          <Text size="sm">
            {ot.rejectedBecause}: {REJECT_REASON_LABELS[order.rejectReason]}
            {order.rejectNote ? ` (${order.rejectNote})` : ''}
          </Text>
        )}
        {isNew && hasUnmapped && (
          <Text size="sm" fw={600} c="red.9">
            {pt.waitsForMapping}
          </Text>
        )}
        {isNew && (
          <Group grow gap="sm">
            <Button size="lg" color="green.9" onClick={onAccept} disabled={hasUnmapped}>
              {ot.accept}
            </Button>
            <Button size="lg" color="red.9" variant="outline" onClick={onReject}>
              {ot.reject}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const isDeliveryPlatform = (source: string): source is DeliveryPlatform => (DELIVERY_PLATFORMS as readonly string[]).includes(source);

/** A platform product with no Sofra dish: marked in words, and Eşleştir while the order waits. */
function UnmappedLine({ order, item }: { order: OnlineOrderInfo; item: OnlineOrderInfo['items'][number] }) {
  return (
    <Stack gap={4} mt={4} data-testid="unmapped-line">
      <Group gap="xs">
        <Badge color="red.9" variant="filled" radius="sm">
          {pt.unmappedBadge}
        </Badge>
        {item.platformCode && <Text size="sm">{pt.unmappedCode(item.platformCode)}</Text>}
      </Group>
      {order.status === 'new' && item.platformCode && isDeliveryPlatform(order.source) && (
        <MapProductControl platform={order.source} code={item.platformCode} name={item.name} />
      )}
    </Stack>
  );
}
