import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ASSIGNMENT_STATUS_LABELS, type AssignmentInfo, type CourierInfo, type CourierLinkResult } from '../../../shared/couriers-contract';
import { formatTL } from '../../../shared/domain/money';
import { formatTurkishPhone } from '../../../shared/phone';
import { useCreateCourierLink, useRevokeCourierLink, useSettleCourier, useToggleCourierActive } from './api/courier-mutations';
import { messageFor } from '../../api/field-errors';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { Modal } from '../../components/modal';
import { CourierFields } from './courier-form';
import { CourierLinkDialog } from './courier-link-dialog';
import classes from './couriers.module.css';
import { cashToCollect, doorMoneyText } from './courier-money';
import { ageText, clockText, deliveredInText, isLivePosition, linkEndText } from './courier-time';


function OrderLine({ order }: { order: AssignmentInfo }) {
  const deliveredIn = deliveredInText(order);
  return (
    <div className={classes.orderRow} data-testid="courier-order">
      <Group justify="space-between" gap="xs">
        <Text fw={700}>
          #{order.ticketNumber} {order.customerName}
        </Text>
        <Badge variant={order.status === 'delivered' ? 'filled' : 'outline'} size="lg">
          {ASSIGNMENT_STATUS_LABELS[order.status]}
        </Badge>
      </Group>
      <Text size="sm">{order.customerAddress}</Text>
      <Text size="sm">
        Verildi {clockText(order.assignedAt)}
        {order.pickedUpAt && `, alındı ${clockText(order.pickedUpAt)}`}
        {order.deliveredAt && `, teslim ${clockText(order.deliveredAt)}`}
        {deliveredIn && ` (siparişten teslime ${deliveredIn})`}
      </Text>
      {order.orderNote && <Text size="sm">{`Not: ${order.orderNote}`}</Text>}
      <Text size="sm">{doorMoneyText(order)}</Text>
    </div>
  );
}

/** One courier: where they were last (with its age), this shift's orders, their link and their cash. */
export function CourierCard({ courier, now }: { courier: CourierInfo; now: number }) {
  const [link, setLink] = useState<CourierLinkResult | null>(null);
  const [isEditing, setEditing] = useState(false);
  const [settleKey, setSettleKey] = useState<string | null>(null);
  const makeLink = useCreateCourierLink(courier.id, setLink);
  const revoke = useRevokeCourierLink(courier.id);
  const toggle = useToggleCourierActive(courier);
  const settle = useSettleCourier(courier, () => setSettleKey(null));
  const error = makeLink.error ?? revoke.error ?? toggle.error ?? settle.error;
  const position = courier.lastPosition;
  const isLive = position ? isLivePosition(position.recordedAt, now) : false;
  const cash = courier.unsettled;
  return (
    <Paper withBorder radius="md" p="md" data-testid="courier-card" aria-label={`Kurye ${courier.name}`} component="article">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{courier.name}</Title>
          {!courier.isActive && (
            <Badge color="gray" size="lg" variant="outline">
              Pasif
            </Badge>
          )}
        </Group>
        <Anchor href={`tel:${courier.phone}`} size="md" className={classes.phoneLink} aria-label={`Ara: ${formatTurkishPhone(courier.phone)}`}>
          {formatTurkishPhone(courier.phone)}
        </Anchor>
        <Text data-testid="courier-position">
          {position
            ? `${isLive ? 'Canlı konum' : 'Eski konum'}: ${ageText(position.recordedAt, now)} (${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}, doğruluk ${Math.round(position.accuracy)} m)`
            : 'Konum yok'}
        </Text>
        <Text size="sm">{courier.linkExpiresAt ? `Bağlantı ${linkEndText(courier.linkExpiresAt, Date.now())} saatine kadar açık` : 'Açık bağlantı yok'}</Text>

        {courier.orders.length === 0 ? <Text size="sm">Bu vardiyada sipariş yok.</Text> : courier.orders.map((o) => <OrderLine key={o.id} order={o} />)}

        {cashToCollect(courier.orders) > 0 && <Text fw={700}>{`Kapıda alınacak nakit: ${formatTL(cashToCollect(courier.orders))}`}</Text>}

        <Text fw={700} mt="xs">
          Kurye hesabı: {cash.deliveredCount} teslimat, Nakit {formatTL(cash.cash)}, Kart {formatTL(cash.card)}, Yemek Kartı {formatTL(cash.mealCard)}
        </Text>
        {courier.settledToday.map((st) => (
          <div key={st.id} className={classes.orderRow} data-testid="courier-settlement">
            <Text fw={700} size="sm">
              {`Hesap kapatıldı ${clockText(st.settledAt)}: ${st.deliveredCount} teslimat, Nakit ${formatTL(st.cash)}, Kart ${formatTL(st.card)}, Yemek Kartı ${formatTL(st.mealCard)}`}
            </Text>
            {st.orders.map((o) => (
              <OrderLine key={o.id} order={o} />
            ))}
          </div>
        ))}
        {error && (
          <Alert color="red" role="alert">
            {messageFor(error)}
          </Alert>
        )}
        <Group gap="xs">
          {courier.isActive && (
            <Button size="md" onClick={() => makeLink.mutate()} loading={makeLink.isPending}>
              {courier.linkExpiresAt ? 'Yeni bağlantı' : 'Bağlantı oluştur'}
            </Button>
          )}
          {courier.linkExpiresAt && (
            <Button size="md" variant="light" color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              Bağlantıyı iptal et
            </Button>
          )}
          <Button size="md" variant="light" disabled={cash.deliveredCount === 0} onClick={() => setSettleKey(newIdempotencyKey())}>
            Hesabı kapat
          </Button>
          <Button size="md" variant="default" onClick={() => setEditing(true)}>
            Düzenle
          </Button>
          <Button size="md" variant="default" onClick={() => toggle.mutate()} loading={toggle.isPending}>
            {courier.isActive ? 'Pasif yap' : 'Etkinleştir'}
          </Button>
        </Group>
      </Stack>
      <CourierLinkDialog name={courier.name} link={link} onClose={() => setLink(null)} />
      <Modal opened={isEditing} onClose={() => setEditing(false)} title={`${courier.name}: düzenle`}>
        <CourierFields courier={courier} onDone={() => setEditing(false)} />
      </Modal>
      <Modal opened={settleKey !== null} onClose={() => setSettleKey(null)} title={`${courier.name}: kurye hesabını kapat`}>
        <Stack gap="sm">
          <Text>
            {cash.deliveredCount} teslimatın parası teslim alınıyor: Nakit {formatTL(cash.cash)}, Kart {formatTL(cash.card)}, Yemek Kartı {formatTL(cash.mealCard)}.
          </Text>
          {settle.error && (
            <Alert color="red" role="alert">
              {messageFor(settle.error)}
            </Alert>
          )}
          <Group>
            <Button size="md" loading={settle.isPending} onClick={() => settleKey && settle.mutate(settleKey)}>
              Teslim aldım, hesabı kapat
            </Button>
            <Button size="md" variant="default" onClick={() => setSettleKey(null)}>
              Vazgeç
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
