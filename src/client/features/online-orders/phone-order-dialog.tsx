import { ActionIcon, Alert, Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  ONLINE_ORDER_LIMITS,
  ONLINE_PAYMENT_LABELS,
  ONLINE_PAYMENT_METHODS,
  PREP_MINUTE_CHOICES,
  type OnlineOrderType,
  type OnlinePaymentMethod,
} from '../../../shared/online-orders-contract';
import { normalizeTurkishPhone } from '../../../shared/phone';
import { messageFor } from '../../api/field-errors';
import { customerHistoryQuery, takePhoneOrder } from '../../api/online-orders';
import { queryKeys } from '../../api/query-keys';
import { useMenu } from '../../api/restaurant';
import { Modal } from '../../components/modal';
import { money, ot } from './online-orders-text';

interface DraftLine {
  menuItemId: string;
  optionIds: string[];
  quantity: number;
  label: string;
  unitPrice: number;
}

/**
 * Telefon Siparişi: the fast form for an order taken on the phone. The number comes first: once it
 * is a valid Turkish number the customer's earlier names and addresses appear as one-tap choices
 * (the newest filled in). Saving accepts it at once and sends it to the kitchen.
 */
export function PhoneOrderDialog({ opened, onClose, onDone }: { opened: boolean; onClose(): void; onDone(message: string): void }) {
  const qc = useQueryClient();
  const menu = useMenu();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<OnlineOrderType>('delivery');
  const [address, setAddress] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [itemId, setItemId] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [payment, setPayment] = useState<OnlinePaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [prepMinutes, setPrepMinutes] = useState('20');
  const canonical = normalizeTurkishPhone(phone);
  const history = useQuery(customerHistoryQuery(canonical));

  // the newest name and address fill empty fields: a regular's order is the number and the dishes
  useEffect(() => {
    if (!history.data) return;
    if (!name && history.data.names[0]) setName(history.data.names[0]);
    if (!address && history.data.addresses[0]) setAddress(history.data.addresses[0].address);
  }, [history.data]);

  const orderable = useMemo(() => {
    const visible = new Set((menu.data?.categories ?? []).filter((c) => c.isVisible !== false).map((c) => c.id));
    return (menu.data?.items ?? []).filter((i) => i.isAvailable && visible.has(i.categoryId));
  }, [menu.data]);
  const item = orderable.find((i) => i.id === itemId);
  const groups = (menu.data?.optionGroups ?? []).filter((g) => item?.optionGroupIds.includes(g.id));
  const missingGroup = groups.find((g) => g.isRequired && !chosen[g.id]);

  function addLine() {
    if (!item || missingGroup) return;
    const options = groups.flatMap((g) => g.options.filter((o) => o.id === chosen[g.id]));
    const label = `${item.name}${options.length ? ` (${options.map((o) => o.name).join(', ')})` : ''}`;
    setLines((l) => [...l, { menuItemId: item.id, optionIds: options.map((o) => o.id), quantity: 1, label, unitPrice: item.priceKurus + options.reduce((s, o) => s + o.priceKurus, 0) }]);
    setItemId('');
    setChosen({});
  }
  const changeQuantity = (i: number, by: number) =>
    setLines((l) => l.flatMap((line, j) => (j !== i ? [line] : line.quantity + by <= 0 ? [] : [{ ...line, quantity: line.quantity + by }])));

  const reset = () => {
    setPhone('');
    setName('');
    setAddress('');
    setLines([]);
    setNote('');
    setType('delivery');
    setPayment('cash');
  };
  const save = useMutation({
    mutationFn: () =>
      takePhoneOrder({
        type,
        customer: { name: name.trim(), phone, ...(address.trim() ? { address: address.trim() } : {}) },
        items: lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity, ...(l.optionIds.length ? { optionIds: l.optionIds } : {}) })),
        payment: { method: payment },
        ...(note.trim() ? { note: note.trim() } : {}),
        prepMinutes: Number(prepMinutes),
      }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() });
      reset();
      onDone(ot.phoneSaved);
    },
  });
  const total = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);

  return (
    <Modal opened={opened} onClose={onClose} title={ot.phoneOrder} size="lg" fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}>
      <Stack gap="sm">
        <TextInput label={ot.phone} type="tel" inputMode="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} size="md" required />
        {history.data && (history.data.addresses.length > 0 || history.data.lastOrders.length > 0) && (
          <Stack gap={6} aria-label={ot.knownCustomer}>
            <Text fw={600} size="sm">
              {ot.knownCustomer}
            </Text>
            {history.data.addresses.map((a) => (
              <Button key={a.address} variant={a.address === address ? 'filled' : 'light'} color="dark" size="md" justify="flex-start" onClick={() => setAddress(a.address)} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
                {a.address}
              </Button>
            ))}
            {history.data.lastOrders.slice(0, 3).map((o) => (
              <Text key={o.id} size="sm">
                {ot.lastOrder}: {o.summary} · {money(o.total)}
              </Text>
            ))}
          </Stack>
        )}
        <TextInput label={ot.customerName} value={name} onChange={(e) => setName(e.currentTarget.value)} size="md" required maxLength={100} />
        <SegmentedControl
          aria-label={ot.orderType}
          value={type}
          onChange={(v) => setType(v as OnlineOrderType)}
          data={[
            { value: 'delivery', label: 'Paket Servis' },
            { value: 'takeaway', label: 'Gel-Al' },
          ]}
          size="md"
          fullWidth
        />
        {type === 'delivery' && <Textarea label={ot.address} value={address} onChange={(e) => setAddress(e.currentTarget.value)} required autosize minRows={2} maxLength={300} />}

        <NativeSelect
          label={ot.addDish}
          size="md"
          value={itemId}
          onChange={(e) => {
            setItemId(e.currentTarget.value);
            setChosen({});
          }}
          data={[{ value: '', label: ot.chooseDish }, ...orderable.map((i) => ({ value: i.id, label: `${i.name} · ${money(i.priceKurus)}` }))]}
        />
        {groups.map((g) => (
          <NativeSelect
            key={g.id}
            label={g.name}
            size="md"
            required={g.isRequired}
            value={chosen[g.id] ?? ''}
            onChange={(e) => setChosen((c) => ({ ...c, [g.id]: e.currentTarget.value }))}
            data={[{ value: '', label: g.isRequired ? ot.choose : ot.none }, ...g.options.map((o) => ({ value: o.id, label: o.priceKurus ? `${o.name} (+${money(o.priceKurus)})` : o.name }))]}
          />
        ))}
        {item && (
          <Button size="md" variant="light" onClick={addLine} disabled={Boolean(missingGroup)}>
            {ot.addToOrder}
          </Button>
        )}
        {lines.length > 0 && (
          <Stack gap={6} aria-label={ot.dishes}>
            {lines.map((l, i) => (
              <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
                <Text style={{ flex: 1 }}>
                  {l.quantity}× {l.label}
                </Text>
                <ActionIcon size={44} variant="default" aria-label={ot.less(l.label)} onClick={() => changeQuantity(i, -1)}>
                  −
                </ActionIcon>
                <ActionIcon size={44} variant="default" aria-label={ot.more(l.label)} onClick={() => changeQuantity(i, 1)}>
                  +
                </ActionIcon>
              </Group>
            ))}
            <Text fw={700}>
              {ot.total}: {money(total)}
            </Text>
          </Stack>
        )}
        <NativeSelect
          label={ot.payment}
          size="md"
          value={payment}
          onChange={(e) => setPayment(e.currentTarget.value as OnlinePaymentMethod)}
          data={ONLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: ONLINE_PAYMENT_LABELS[m] }))}
        />
        <Textarea label={ot.orderNote} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={1} maxLength={ONLINE_ORDER_LIMITS.note} />
        <NativeSelect label={ot.prepTime} size="md" value={prepMinutes} onChange={(e) => setPrepMinutes(e.currentTarget.value)} data={PREP_MINUTE_CHOICES.map((m) => ({ value: String(m), label: `${m} dk` }))} />
        {save.isError && (
          <Alert color="red" role="alert">
            {messageFor(save.error)}
          </Alert>
        )}
        <Group grow>
          <Button variant="default" size="lg" onClick={onClose}>
            {ot.cancel}
          </Button>
          <Button size="lg" color="green.9" loading={save.isPending} disabled={lines.length === 0 || !canonical || !name.trim()} onClick={() => save.mutate()}>
            {ot.phoneSave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
