import { Badge, Group, Stack, Text } from '@mantine/core';
import { Suspense, lazy, memo } from 'react';
import { ONLINE_ORDER_STATUS_LABELS, ONLINE_ORDER_TYPE_LABELS, REJECT_REASON_LABELS, type OnlineOrderInfo } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_COLORS, ONLINE_ORDER_SOURCE_LABELS, DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../../shared/domain/channels';
import { formatTurkishPhone } from '../../../shared/phone';
import { HandOverButton, canHandOver } from './hand-over-button';
import classes from './online-orders.module.css';
import { isScheduled, itemLine, moneyLines, money, ot, paymentText, timeText } from './online-orders-text';
import { PlatformCalls } from './platform-calls';
import { pt } from './platform-text';
import { WaitBadge } from './wait-badge';

/**
 * One order as the owner decides on it: where it came from (name and colour), who and where,
 * what (dishes with options and notes), how it is paid, the total and when it is wanted; a new
 * order shows how long it has waited, escalating, and its two answers.
 *
 * Memoised: the inbox keeps an unchanged order's object from one fetch to the next (the query's
 * structural sharing) and passes the same two handlers, which take the order, so a live event
 * draws again only the card whose order changed. The wait ticks inside WaitBadge alone.
 * Plain elements styled by the module's classes (Mantine's sizes and colours), not a Mantine
 * component per line: a full inbox draws 200 of these at once on a phone. For the same reason a
 * line's text is one string, not words and values side by side: React makes a node of each.
 */
export const OnlineOrderCard = memo(function OnlineOrderCard({
  order,
  onAccept,
  onReject,
}: {
  order: OnlineOrderInfo;
  onAccept(order: OnlineOrderInfo): void;
  onReject(order: OnlineOrderInfo): void;
}) {
  const isNew = order.status === 'new';
  // an unmapped product: Onayla waits until it is mapped (the server refuses it too)
  const hasUnmapped = order.items.some((i) => i.unmapped);
  const phone = order.customer.phone ? formatTurkishPhone(order.customer.phone) : null;
  const colour = ONLINE_ORDER_SOURCE_COLORS[order.source];
  const readyBy = order.answeredAt && order.prepMinutes ? new Date(Date.parse(order.answeredAt) + order.prepMinutes * 60_000).toISOString() : null;
  return (
    <article
      aria-label={`${ONLINE_ORDER_SOURCE_LABELS[order.source]} #${order.externalId}, ${ONLINE_ORDER_STATUS_LABELS[order.status]}`}
      className={`${classes.card} ${isNew ? classes.cardNew : ''}`}
      style={{ borderLeftColor: colour }}
      data-testid="online-order"
      data-status={order.status}
    >
      <div className={classes.row}>
        <div className={classes.group}>
          <span className={`${classes.badge} ${classes.badgeLg} ${classes.sourceBadge}`} style={{ background: colour }}>
            {ONLINE_ORDER_SOURCE_LABELS[order.source]}
          </span>
          <span className={classes.bold}>{`#${order.externalId}`}</span>
        </div>
        <span className={`${classes.badge} ${classes.badgeLg} ${classes.badgeOutline}`}>{ONLINE_ORDER_STATUS_LABELS[order.status]}</span>
      </div>
      {isScheduled(order) && <p className={`${classes.bold} ${classes.alarm}`}>{ot.scheduledFor(timeText(order.expectedAt!))}</p>}
      <div className={classes.group}>
        <span className={`${classes.badge} ${classes.badgeLight}`}>{ONLINE_ORDER_TYPE_LABELS[order.type]}</span>
        <span className={classes.sm}>{`${ot.received}: ${timeText(order.receivedAt)} · ${ot.expected}: ${order.expectedAt ? timeText(order.expectedAt) : ot.asap}`}</span>
      </div>
      {isNew && <WaitBadge receivedAt={order.receivedAt} />}

      <div>
        <p className={classes.bold}>{order.customer.name}</p>
        {order.customer.phone && phone && (
          <a href={`tel:${order.customer.phone}`} className={`${classes.sm} ${classes.link} mantine-focus-auto`} aria-label={ot.call(phone)}>
            {phone}
          </a>
        )}
        {order.customer.address && (
          <p className={`${classes.sm} ${classes.preLine}`}>{`${ot.address}: ${order.customer.address}`}</p>
        )}
      </div>

      <ul className={classes.items}>
        {order.items.map((item, i) => (
          <li key={i}>
            <div className={classes.line}>
              <span>{itemLine(item)}</span>
              <span className={classes.nowrap}>{money(item.total)}</span>
            </div>
            {item.note && <p className={`${classes.sm} ${classes.italic}`}>{`Not: ${item.note}`}</p>}
            {item.unmapped && <UnmappedLine order={order} item={item} />}
          </li>
        ))}
      </ul>
      {order.note && (
        <p className={classes.sm}>
          <b>{`${ot.orderNote}:`}</b> {order.note}
        </p>
      )}
      <div className={classes.row}>
        <span className={classes.sm}>{`${ot.payment}: ${paymentText(order)}`}</span>
        <span className={classes.bold}>{`${ot.total}: ${money(order.total)}`}</span>
      </div>
      {moneyLines(order).map((text) => (
        <p key={text} className={classes.sm}>
          {text}
        </p>
      ))}
      {order.prepMinutes !== null && (
        <p className={classes.sm}>{`${ot.prep(order.prepMinutes)}${readyBy ? ` · ${ot.readyBy(timeText(readyBy))}` : ''}${order.ticketNumber !== null ? ` · ${ot.ticket(order.ticketNumber)}` : ''}`}</p>
      )}
      {order.status === 'cancelled' && (
        <p className={`${classes.sm} ${classes.alarm}`}>{`${ot.cancelledByPlatform}${order.rejectNote ? `: ${order.rejectNote}` : ''}`}</p>
      )}
      {canHandOver(order) && <HandOverButton order={order} />}
      {order.rejectReason && (
        <p className={classes.sm}>{`${ot.rejectedBecause}: ${REJECT_REASON_LABELS[order.rejectReason]}${order.rejectNote ? ` (${order.rejectNote})` : ''}`}</p>
      )}
      {isNew && hasUnmapped && <p className={`${classes.sm} ${classes.alarm}`}>{pt.waitsForMapping}</p>}
      {order.deliveries.map((d, i) => {
        // only a demo's simulated platform writes its calls down
        const calls = d.log.at(-1)?.calls;
        return calls?.length ? <PlatformCalls key={`${d.kind}-${i}`} title={pt.stepNames[d.kind] ?? d.kind} calls={calls} /> : null;
      })}
      {isNew && (
        <div className={classes.answers}>
          <button type="button" className={`${classes.answer} ${classes.accept} mantine-focus-auto mantine-active`} onClick={() => onAccept(order)} disabled={hasUnmapped}>
            {ot.accept}
          </button>
          <button type="button" className={`${classes.answer} ${classes.reject} mantine-focus-auto mantine-active`} onClick={() => onReject(order)}>
            {ot.reject}
          </button>
        </div>
      )}
    </article>
  );
});

// Eşleştir's code (a searchable dish list) loads only for an order that has an unmapped product
const MapProductControl = lazy(() => import('./map-product-control').then((m) => ({ default: m.MapProductControl })));

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
        <Suspense fallback={null}>
          <MapProductControl platform={order.source} code={item.platformCode} name={item.name} />
        </Suspense>
      )}
    </Stack>
  );
}
