import { Button, Group, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ONLINE_ORDER_LIMITS, PREP_MINUTE_CHOICES, REJECT_REASONS, REJECT_REASON_LABELS, type OnlineOrderInfo, type RejectReason } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS } from '../../../shared/domain/channels';
import { acceptOnlineOrder, rejectOnlineOrder } from './api/online-orders-mutations';
import { queryKeys } from '../../api/query-keys';
import { Modal } from '../../components/modal';
import { ot } from './online-orders-text';
import { ErrorNotice } from '../../components/error-notice';

const orderName = (o: OnlineOrderInfo) => `${ONLINE_ORDER_SOURCE_LABELS[o.source]} #${o.externalId}`;

/** Onayla: one tap on a preparation time (or another number) opens the ticket and sends it to the kitchen. */
export function AcceptDialog({ order, onClose, onDone }: { order: OnlineOrderInfo | null; onClose(): void; onDone(message: string): void }) {
  const qc = useQueryClient();
  const [custom, setCustom] = useState<number | string>('');
  const accept = useMutation({
    mutationFn: (prepMinutes: number) => acceptOnlineOrder(order!.id, { prepMinutes }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() });
      onDone(ot.accepted(null));
      setCustom('');
    },
  });
  const customMinutes = typeof custom === 'number' ? custom : NaN;
  const customOk = Number.isInteger(customMinutes) && customMinutes >= ONLINE_ORDER_LIMITS.prepMinutesMin && customMinutes <= ONLINE_ORDER_LIMITS.prepMinutesMax;
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `${ot.acceptTitle}: ${orderName(order)}` : ot.acceptTitle} size="md">
      <Stack>
        <div role="group" aria-labelledby="prep-time-label">
          <Text id="prep-time-label" fw={600}>
            {ot.prepTime}
          </Text>
          <Group gap="sm" mt="xs">
            {PREP_MINUTE_CHOICES.map((m) => (
              <Button key={m} size="lg" variant="light" color="green.9" disabled={accept.isPending} onClick={() => accept.mutate(m)} aria-label={ot.acceptWith(m)}>
                {m} dk
              </Button>
            ))}
          </Group>
        </div>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={ot.otherMinutes}
            min={ONLINE_ORDER_LIMITS.prepMinutesMin}
            max={ONLINE_ORDER_LIMITS.prepMinutesMax}
            allowDecimal={false}
            value={custom}
            onChange={setCustom}
            size="lg"
            w={140}
          />
          <Button size="lg" color="green.9" disabled={!customOk || accept.isPending} onClick={() => accept.mutate(customMinutes)}>
            {customOk ? ot.acceptWith(customMinutes) : ot.accept}
          </Button>
        </Group>
        <ErrorNotice error={accept.error} />
        <Button variant="default" size="lg" onClick={onClose}>
          {ot.cancel}
        </Button>
      </Stack>
    </Modal>
  );
}

/** Reddet with one of the reasons the platforms know (and words of one's own for 'Diğer'). */
export function RejectDialog({ order, onClose, onDone }: { order: OnlineOrderInfo | null; onClose(): void; onDone(message: string): void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const reject = useMutation({
    mutationFn: () => rejectOnlineOrder(order!.id, { reason: reason as RejectReason, note: note.trim() || undefined }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() });
      setReason('');
      setNote('');
      onDone(ot.rejected);
    },
  });
  const ready = reason !== '' && (reason !== 'other' || note.trim() !== '');
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `${ot.rejectTitle}: ${orderName(order)}` : ot.rejectTitle} size="md">
      <Stack>
        <Radio.Group label={ot.reason} value={reason} onChange={(v) => setReason(v as RejectReason)} required>
          <Stack gap="sm" mt="xs">
            {REJECT_REASONS.map((r) => (
              <Radio key={r} value={r} label={REJECT_REASON_LABELS[r]} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={ot.reasonNote}
          description={ot.reasonNoteHint}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={ONLINE_ORDER_LIMITS.rejectNote}
          required={reason === 'other'}
          autosize
          minRows={2}
        />
        <ErrorNotice error={reject.error} />
        <Group grow>
          <Button variant="default" size="lg" onClick={onClose}>
            {ot.cancel}
          </Button>
          <Button color="red.9" size="lg" disabled={!ready} loading={reject.isPending} onClick={() => reject.mutate()}>
            {ot.rejectConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
