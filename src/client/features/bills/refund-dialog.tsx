import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { RefundInfo } from '../../../shared/day-close-contract';
import { formatTL } from '../../../shared/domain/money';
import { type Ticket } from '../../../shared/ticket-contract';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/domain/payment-methods';
import { billRefundsQuery, refundBill } from './api/bill-refunds';
import { fieldErrorsFrom, messageFor } from '../../api/field-errors';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { queryKeys } from '../../api/query-keys';
import { Loading } from '../../components/loaded';
import { Modal } from '../../components/modal';

/**
 * İade of a closed bill (Kapalı Hesaplar): how many units of each paid line go back, how the money
 * went back, and why. The owner doing it is the approver. The bill itself never changes; the İade
 * is recorded in the business day open now, and the reports net it there.
 */
export function RefundDialog({ ticket, opened, onClose }: { ticket: Ticket; opened: boolean; onClose(): void }) {
  const qc = useQueryClient();
  const earlier = useQuery({ ...billRefundsQuery(ticket.id), enabled: opened });
  // units that went back in an earlier İade can not go back again (the server refuses them too)
  const refunded = new Map<string, number>();
  for (const r of earlier.data ?? []) for (const l of r.lines) refunded.set(l.lineId, (refunded.get(l.lineId) ?? 0) + l.quantity);
  const left = (l: { id: string; quantity: number }) => l.quantity - (refunded.get(l.id) ?? 0);
  const paidLines = ticket.lines.filter((l) => l.status !== 'cancelled' && !l.isComp && l.due > 0);
  const refundable = paidLines.filter((l) => left(l) > 0);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [brand, setBrand] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<RefundInfo | null>(null);
  const key = useRef(newIdempotencyKey());
  const chosen = refundable.map((l) => ({ lineId: l.id, quantity: Number(units[l.id] ?? '0') })).filter((l) => l.quantity > 0);
  const refund = useMutation({
    mutationFn: () => refundBill(ticket.id, { lines: chosen, method, brand: method === 'meal_card' ? brand.trim() : undefined, reason: reason.trim() }, key.current),
    onSuccess: (r) => {
      key.current = newIdempotencyKey();
      setDone(r);
      void qc.invalidateQueries({ queryKey: queryKeys.days() });
      void qc.invalidateQueries({ queryKey: queryKeys.bills() });
      void qc.invalidateQueries({ queryKey: queryKeys.reports() });
    },
  });
  const fields = fieldErrorsFrom(refund.error);
  const close = () => {
    setUnits({});
    setReason('');
    setBrand('');
    setTried(false);
    setDone(null);
    refund.reset();
    onClose();
  };
  const noLines = tried && chosen.length === 0;
  const noReason = tried && reason.trim() === '';
  const noBrand = tried && method === 'meal_card' && brand.trim() === '';

  return (
    <Modal opened={opened} onClose={close} title={`İade · Hesap No ${ticket.billNumber ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Kapat' }}>
      {done ? (
        <Stack gap="sm">
          <Alert color="green" role="status" title="İade kaydedildi">
            {formatTL(done.amount)} {PAYMENT_METHOD_LABELS[done.method]} ile iade edildi. Hesabın kendisi değişmedi; iade bugünün raporlarında düşülür.
          </Alert>
          <Button onClick={close}>Tamam</Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (chosen.length > 0 && reason.trim() !== '' && !(method === 'meal_card' && brand.trim() === '')) refund.mutate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">İade edilecek adetleri seçin. Ödenen tutar (indirim ve servis ücreti dahil) adet oranında geri verilir.</Text>
            {earlier.isPending && <Loading />}
            {earlier.isSuccess && refundable.length === 0 && (
              <Text>{paidLines.length > 0 ? 'Bu hesabın ödenmiş satırlarının hepsi iade edildi.' : 'Bu hesapta iade edilebilecek (ödenmiş) satır yok.'}</Text>
            )}
            {earlier.isSuccess && refundable.map((l) => (
              <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-end">
                <Text style={{ flex: 1 }}>
                  {l.quantity}× {l.name} · {formatTL(l.due)}
                  {refunded.has(l.id) && (
                    <Text span size="sm" c="dimmed" display="block">
                      {refunded.get(l.id)} adedi daha önce iade edildi
                    </Text>
                  )}
                </Text>
                <NativeSelect
                  label={`${l.name} iade adedi`}
                  value={units[l.id] ?? '0'}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setUnits((u) => ({ ...u, [l.id]: v }));
                  }}
                  data={Array.from({ length: Math.min(left(l), 99) + 1 }, (_, i) => String(i))}
                  w={110}
                />
              </Group>
            ))}
            {noLines && (
              <Text c="red.8" size="sm" role="alert">
                İade edilecek en az bir satır seçin
              </Text>
            )}
            <NativeSelect
              label="İade yöntemi"
              value={method}
              onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            />
            {method === 'meal_card' && (
              <TextInput label="Yemek kartı markası" maxLength={40} value={brand} onChange={(e) => setBrand(e.currentTarget.value)} error={noBrand ? 'Yemek kartı markası seçin' : fields.brand} />
            )}
            <TextInput label="Neden" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={noReason ? 'Neden yazın' : fields.reason} />
            {refund.isError && Object.keys(fields).length === 0 && (
              <Alert color="red" role="alert">
                {messageFor(refund.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Vazgeç
              </Button>
              <Button type="submit" color="red" loading={refund.isPending}>
                İade Et
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
