import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { PaymentRequest } from '../../../shared/bill-contract';
import { formatMoneyInput, formatTL } from '../../../shared/domain/money';
import { type Ticket } from '../../../shared/ticket-contract';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/domain/payment-methods';
import { messageFor, useFieldErrors } from '../../api/field-errors';
import { usePaymentBlock } from '../../api/offline-queue';
import { payableLines, readPayment, type PaymentForm } from './bill-logic';
import { fetchSplit } from './api/bill-actions';
import classes from './bills.module.css';
import { cashShortfall, newSplit, payButtonLabel, quickCash, shareLabel, splitState, tipNote, typedAmount, type SplitPlan } from './payment-logic';

/** Eşit Böl in one tap for these table sizes. */
const QUICK_SPLITS = [2, 3, 4, 5, 6] as const;

export type PayResult = { message: string; fields: Record<string, string> } | null;
type Mode = 'amount' | 'split' | 'lines';

/**
 * Ödeme Al: by amount, by equal shares (Eşit Böl) or by choosing lines. Cash shows the change, what
 * is missing when less is given, and quick buttons for the exact amount and the usual notes.
 */
export function PaymentPanel({
  ticket: t,
  methods,
  brands,
  busy,
  onPay,
}: {
  ticket: Ticket;
  methods: PaymentMethod[];
  brands: readonly string[];
  busy: boolean;
  onPay(payment: Omit<PaymentRequest, 'version'>): Promise<PayResult>;
}) {
  const remaining = t.totals.remaining;
  const empty = (method: PaymentMethod): PaymentForm => ({ method, amount: remaining > 0 ? formatMoneyInput(remaining) : '', given: '', tip: '', brand: '', customerName: '' });
  const [form, setForm] = useState<PaymentForm>(() => empty(methods[0] ?? 'cash'));
  const [mode, setMode] = useState<Mode>('amount');
  const [people, setPeople] = useState<number>(Math.max(2, t.guests ?? 2));
  const [plan, setPlan] = useState<SplitPlan | null>(null);
  const [chosenShare, setChosenShare] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tipOpen, setTipOpen] = useState(false);
  // the count field only after Eşit Böl itself: a ÷ n tap needs no field, and the phone keeps the room
  const [typedCount, setTypedCount] = useState(false);
  const fields = useFieldErrors();
  // Payments stay online-only: never taken into the offline queue (see offline-queue.ts).
  const paymentBlock = usePaymentBlock(t.id);

  // A new remaining (a payment, a discount) refills the free amount with it; shares keep their own.
  useEffect(() => {
    setForm((f) => ({ ...f, amount: remaining > 0 ? formatMoneyInput(remaining) : '', given: '', tip: '' }));
    setChosen([]);
  }, [remaining]);

  const lines = useMemo(() => payableLines(t), [t]);
  const split = splitState(plan, t);
  const shareIndex = split ? (chosenShare !== null && split.shares[chosenShare] && !split.shares[chosenShare].isPaid ? chosenShare : split.next) : -1;
  const isShare = mode === 'split' && split !== null && shareIndex >= 0;
  const chosenDue = lines.filter((l) => chosen.includes(l.id)).reduce((s, l) => s + l.due, 0);
  const amountText = mode === 'lines' ? formatMoneyInput(chosenDue || 0) : isShare ? formatMoneyInput(split.shares[shareIndex].amount) : form.amount;
  const read = readPayment({ ...form, amount: amountText }, remaining);
  // The button keeps the amount due whatever is typed as given; the given field says what is missing.
  const amountNow = typedAmount(amountText);
  const givenNow = form.method === 'cash' && form.given.trim() ? typedAmount(form.given) : 0;
  const tipNow = form.tip.trim() ? typedAmount(form.tip) : 0;
  const change = form.method === 'cash' && givenNow > amountNow ? givenNow - amountNow : 0;
  const shortfall = form.method === 'cash' ? cashShortfall(amountNow, givenNow) : null;

  if (remaining === 0) {
    return (
      <Alert color="green" role="status">
        ✓ Hesap ödendi. Hesabı kapatabilirsiniz.
      </Alert>
    );
  }

  const set = (patch: Partial<PaymentForm>) => {
    for (const k of Object.keys(patch)) fields.clear(k);
    setForm((f) => ({ ...f, ...patch }));
  };

  const pay = async (payment: Omit<PaymentRequest, 'version'>) => {
    const refused = await onPay(payment);
    if (refused) {
      setError(refused.message);
      fields.show(refused.fields);
    } else setChosenShare(null);
  };

  const submit = async () => {
    setError(null);
    if (mode === 'lines' && chosen.length === 0) return setError('Ödenecek satırları seçin.');
    if (!read.ok) return void fields.show(read.errors);
    const { amount, ...rest } = read.value;
    await pay(mode === 'lines' ? { ...rest, lineIds: chosen } : { ...rest, amount });
  };

  /** Kısmi ödeme olarak al: the cash handed over is taken as a part of the amount, on purpose. */
  const payPart = async () => {
    setError(null);
    const part = readPayment({ ...form, amount: form.given, given: '' }, remaining);
    if (!part.ok) return void fields.show(part.errors);
    await pay(part.value);
  };

  const doSplit = async (count = people) => {
    try {
      const out = await fetchSplit(t.id, count);
      setPlan(newSplit(out.shares, t));
      setChosenShare(null);
      setError(null);
    } catch (err) {
      setError(messageFor(err));
    }
  };

  return (
    <section aria-label="Ödeme al">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!paymentBlock) void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Ödeme Al
          </Title>
          <div className={classes.methods} role="group" aria-label="Ödeme yöntemi">
            {methods.map((m) => (
              <Button key={m} variant={form.method === m ? 'filled' : 'default'} aria-pressed={form.method === m} onClick={() => set({ method: m })}>
                {PAYMENT_METHOD_LABELS[m]}
              </Button>
            ))}
          </div>
          <Group gap={6} role="group" aria-label="Nasıl ödenecek">
            {(
              [
                ['amount', 'Tutar'],
                ['split', 'Eşit Böl'],
                ['lines', 'Satır Seç'],
              ] as const
            ).map(([value, label]) => (
              <Button key={value} className={classes.touch} variant={mode === value ? 'filled' : 'light'} aria-pressed={mode === value} onClick={() => (setMode(value), setTypedCount(value === 'split'), setError(null))}>
                {label}
              </Button>
            ))}
          </Group>
          {mode !== 'lines' && (
            // One tap splits into the usual table sizes; Eşit Böl's field takes any other count.
            <Group gap={6} role="group" aria-label="Hızlı eşit böl">
              {QUICK_SPLITS.map((n) => (
                <Button
                  key={n}
                  className={classes.touch}
                  variant={mode === 'split' && split?.shares.length === n ? 'filled' : 'default'}
                  aria-label={`Eşit paylar: ${n} kişi`}
                  onClick={() => (setMode('split'), setTypedCount(false), setPeople(n), void doSplit(n))}
                >
                  ÷ {n}
                </Button>
              ))}
            </Group>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {mode === 'split' && (
            <Stack gap={6}>
              {typedCount && (
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <NumberInput label="Kişi sayısı" min={2} max={999} allowDecimal={false} value={people} onChange={(v) => setPeople(Number(v) || 2)} style={{ flex: 1 }} />
                  <Button className={classes.touch} onClick={() => void doSplit()}>
                    {people} kişiye böl
                  </Button>
                </Group>
              )}
              {plan && !split && <Text size="sm">Hesap bölündükten sonra değişti; kalan tutarı yeniden bölün.</Text>}
              {split && shareIndex >= 0 && (
                <Text fw={700} size="lg" data-testid="split-share" aria-live="polite">
                  {shareLabel(shareIndex, split.shares.length)} · {formatTL(split.shares[shareIndex].amount)}
                </Text>
              )}
              {split && (
                <Group gap={6} role="group" aria-label="Paylar">
                  {split.shares.map((s, i) => (
                    <Button
                      key={i}
                      className={classes.touch}
                      variant={i === shareIndex ? 'filled' : 'light'}
                      aria-pressed={i === shareIndex}
                      disabled={s.isPaid}
                      onClick={() => setChosenShare(i)}
                    >
                      {i + 1}. pay: {formatTL(s.amount)}
                      {s.isPaid ? ' · ✓ Ödendi' : ''}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          )}
          {mode === 'lines' ? (
            <Stack gap={4} role="group" aria-label="Ödenecek satırlar">
              {lines.map((l) => (
                <Checkbox
                  key={l.id}
                  label={`${l.quantity}× ${l.name} · ${formatTL(l.due)}`}
                  checked={chosen.includes(l.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChosen((c) => (on ? [...c, l.id] : c.filter((id) => id !== l.id)));
                  }}
                />
              ))}
              <Text fw={700}>Seçilen: {formatTL(chosenDue)}</Text>
            </Stack>
          ) : (
            !isShare && (
              <TextInput label="Tutar (TL)" inputMode="decimal" value={form.amount} onChange={(e) => set({ amount: e.currentTarget.value })} {...fields.fieldProps('amount')} />
            )
          )}
          {form.method === 'cash' && (
            <>
              <TextInput
                label="Verilen (TL)"
                inputMode="decimal"
                placeholder="Müşterinin verdiği"
                value={form.given}
                onChange={(e) => set({ given: e.currentTarget.value })}
                {...fields.fieldProps('given')}
                error={shortfall ?? fields.errors.given}
                data-testid="cash-given"
              />
              {amountNow > 0 && (
                <Group gap={6} role="group" aria-label="Hızlı nakit">
                  {quickCash(amountNow).map((c) => (
                    <Button key={c.value} className={classes.touch} variant="default" onClick={() => set({ given: formatMoneyInput(c.value) })}>
                      {c.isExact ? `Tam tutar · ${formatTL(c.value)}` : formatTL(c.value)}
                    </Button>
                  ))}
                </Group>
              )}
              {shortfall && givenNow > 0 && (
                <Button variant="light" color="orange" loading={busy} disabled={paymentBlock !== null} onClick={() => void payPart()} data-testid="take-part-payment">
                  Kısmi ödeme olarak al · {formatTL(givenNow)}
                </Button>
              )}
              {change > 0 && (
                <div role="status" aria-live="polite">
                  <Text size="sm">Para Üstü</Text>
                  <div className={classes.change} data-testid="cash-change">
                    {formatTL(change)}
                  </div>
                </div>
              )}
            </>
          )}
          {form.method === 'meal_card' && (
            // Buttons, not a list to open: the brand is one tap, like the method.
            <div role="group" aria-labelledby="meal-card-brand" aria-describedby={fields.errors.brand ? 'meal-card-brand-error' : undefined}>
              <Text size="sm" fw={500} id="meal-card-brand" mb={4}>
                Yemek kartı markası
              </Text>
              <Group gap={6}>
                {brands.map((b) => (
                  <Button key={b} className={classes.touch} variant={form.brand === b ? 'filled' : 'default'} aria-pressed={form.brand === b} onClick={() => set({ brand: b })}>
                    {form.brand === b ? '✓ ' : ''}
                    {b}
                  </Button>
                ))}
              </Group>
              {fields.errors.brand && (
                <Text size="sm" c="red.8" fw={600} mt={4} id="meal-card-brand-error">
                  {fields.errors.brand}
                </Text>
              )}
            </div>
          )}
          {form.method === 'account' && (
            <TextInput label="Müşteri adı (Cari)" maxLength={100} value={form.customerName} onChange={(e) => set({ customerName: e.currentTarget.value })} {...fields.fieldProps('customerName')} />
          )}
          {tipOpen || form.tip || fields.errors.tip ? (
            <TextInput label="Bahşiş (TL, isteğe bağlı)" inputMode="decimal" value={form.tip} onChange={(e) => set({ tip: e.currentTarget.value })} {...fields.fieldProps('tip')} />
          ) : (
            // Folded: most payments have no tip, and on a phone the pay button stays in view.
            <Button variant="subtle" className={classes.touch} style={{ alignSelf: 'flex-start' }} onClick={() => setTipOpen(true)}>
              + Bahşiş ekle
            </Button>
          )}
          {paymentBlock && (
            <Alert color="orange" role="status" id="payment-block" data-testid="payment-offline">
              {paymentBlock}
            </Alert>
          )}
          <Button type="submit" size="md" loading={busy} disabled={paymentBlock !== null} aria-describedby={paymentBlock ? 'payment-block' : undefined} className={classes.payButton} data-testid="take-payment">
            {payButtonLabel(PAYMENT_METHOD_LABELS[form.method], amountNow, tipNow)}
          </Button>
          {tipNote(amountNow, tipNow) && (
            <Text size="sm" ta="center" data-testid="pay-tip-note">
              {tipNote(amountNow, tipNow)}
            </Text>
          )}
        </Stack>
      </form>
    </section>
  );
}
