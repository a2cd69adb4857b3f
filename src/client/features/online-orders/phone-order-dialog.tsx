import { ActionIcon, Button, Checkbox, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
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
import { TICKET_LIMITS } from '../../../shared/ticket-contract';
import { customerHistoryQuery } from './api/online-orders-queries';
import { queryKeys } from '../../api/query-keys';
import { useMenu } from '../menu/api';
import { Modal } from '../../components/modal';
import { money, ot } from './online-orders-text';
import { type ChoiceGroup, type Chosen, choiceProblem, customerForNumber, initialChoices, toggleChoice } from './phone-order-choices';
import { takePhoneOrder } from './api/online-orders-mutations';
import { ErrorNotice } from '../../components/error-notice';

interface DraftLine {
  /** the dish's own note for the kitchen ("soğansız"), '' for none */
  note: string;
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
  const [chosen, setChosen] = useState<Chosen>({});
  const [lineNote, setLineNote] = useState('');
  /** the number whose history last filled (or cleared) the name and address */
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const [payment, setPayment] = useState<OnlinePaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [prepMinutes, setPrepMinutes] = useState('20');
  const canonical = normalizeTurkishPhone(phone);
  const history = useQuery(customerHistoryQuery(canonical));

  // the newest name and address fill in (a regular's order is the number and the dishes); another
  // number is another caller, so what was there for the previous one goes (customerForNumber)
  useEffect(() => {
    if (!history.data || !canonical || filledFor === canonical) return;
    const next = customerForNumber({ name, address }, filledFor !== null, history.data);
    setName(next.name);
    setAddress(next.address);
    setFilledFor(canonical);
  }, [history.data, canonical]);

  const orderable = useMemo(() => {
    const visible = new Set((menu.data?.categories ?? []).filter((c) => c.isVisible !== false).map((c) => c.id));
    return (menu.data?.items ?? []).filter((i) => i.isAvailable && visible.has(i.categoryId));
  }, [menu.data]);
  const item = orderable.find((i) => i.id === itemId);
  const groups: ChoiceGroup[] = (menu.data?.optionGroups ?? []).filter((g) => item?.optionGroupIds.includes(g.id));
  const problem = item ? choiceProblem(groups, chosen) : null;

  function addLine() {
    if (!item || problem) return;
    const options = groups.flatMap((g) => g.options.filter((o) => (chosen[g.id] ?? []).includes(o.id)));
    const dishNote = lineNote.trim();
    const label = `${item.name}${options.length ? ` (${options.map((o) => o.name).join(', ')})` : ''}${dishNote ? ` · Not: ${dishNote}` : ''}`;
    setLines((l) => [
      ...l,
      { menuItemId: item.id, optionIds: options.map((o) => o.id), quantity: 1, label, unitPrice: item.priceKurus + options.reduce((s, o) => s + o.priceKurus, 0), note: dishNote },
    ]);
    setItemId('');
    setChosen({});
    setLineNote('');
  }
  const changeQuantity = (i: number, by: number) =>
    setLines((l) => l.flatMap((line, j) => (j !== i ? [line] : line.quantity + by <= 0 ? [] : [{ ...line, quantity: line.quantity + by }])));

  const reset = () => {
    setPhone('');
    setFilledFor(null);
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
        items: lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity, ...(l.optionIds.length ? { optionIds: l.optionIds } : {}), ...(l.note ? { note: l.note } : {}) })),
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
            const next = e.currentTarget.value;
            setItemId(next);
            const dish = orderable.find((i) => i.id === next);
            setChosen(initialChoices((menu.data?.optionGroups ?? []).filter((g) => dish?.optionGroupIds.includes(g.id))));
          }}
          data={[{ value: '', label: ot.chooseDish }, ...orderable.map((i) => ({ value: i.id, label: `${i.name} · ${money(i.priceKurus)}` }))]}
        />
        {groups.map((g) =>
          g.isMultiple ? (
            <Checkbox.Group
              key={g.id}
              label={g.maxChoices > 1 ? `${g.name} (en fazla ${g.maxChoices})` : g.name}
              withAsterisk={g.isRequired}
              value={chosen[g.id] ?? []}
            >
              <Stack gap={6} mt={4}>
                {g.options.map((o) => (
                  <Checkbox
                    key={o.id}
                    size="md"
                    value={o.id}
                    label={o.priceKurus ? `${o.name} (+${money(o.priceKurus)})` : o.name}
                    onChange={() => setChosen((c) => toggleChoice(c, g, o.id))}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <NativeSelect
              key={g.id}
              label={g.name}
              size="md"
              required={g.isRequired}
              value={chosen[g.id]?.[0] ?? ''}
              onChange={(e) => setChosen((c) => toggleChoice(c, g, e.currentTarget.value))}
              data={[{ value: '', label: g.isRequired ? ot.choose : ot.none }, ...g.options.map((o) => ({ value: o.id, label: o.priceKurus ? `${o.name} (+${money(o.priceKurus)})` : o.name }))]}
            />
          ),
        )}
        {item && (
          <TextInput label={ot.dishNote} size="md" value={lineNote} onChange={(e) => setLineNote(e.currentTarget.value)} maxLength={TICKET_LIMITS.note} />
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        )}
        {item && (
          <Button size="md" variant="light" onClick={addLine} disabled={Boolean(problem)}>
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
        <ErrorNotice error={save.error} />
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
