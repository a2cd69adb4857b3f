import { Alert, Button, Group, NumberInput, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import type { Approval } from '../../../shared/bill-contract';
import { PIN_LIMITS } from '../../../shared/pin-contract';
import { PinApprovalFields, usePinApprovers } from './pin-approval';
import { formatTL } from '../../../shared/domain/money';
import type { Discount, TicketLine } from '../../../shared/ticket-contract';
import { useFieldErrors } from '../../api/field-errors';
import { readDiscount, type DiscountForm } from './bill-logic';

/** A dialog that fills a phone's screen. */
export function BillModal({ opened, onClose, title, children }: { opened: boolean; onClose(): void; title: string; children: ReactNode }) {
  const isPhone = useMediaQuery('(max-width: 600px)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} closeButtonProps={{ 'aria-label': 'Kapat' }} size="md">
      {children}
    </Modal>
  );
}

/** İndirim on the ticket or on a line: an amount in TL or a percentage, with a label; "Kaldır" removes it. */
export function DiscountDialog({
  opened,
  onClose,
  title,
  current,
  onSubmit,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  current: { type: 'amount' | 'percent'; value: number; label: string } | null;
  onSubmit(discount: Discount | null): Promise<string | null>;
}) {
  const [form, setForm] = useState<DiscountForm>({ type: 'amount', value: '', label: '' });
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors();
  useEffect(() => {
    if (!opened) return;
    setError(null);
    fields.clear();
    setForm(
      current
        ? { type: current.type, value: current.type === 'percent' ? String(current.value) : formatTL(current.value).replace(' TL', ''), label: current.label }
        : { type: 'amount', value: '', label: '' },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = async (remove: boolean) => {
    let discount = null;
    if (!remove) {
      const read = readDiscount(form);
      if (!read.ok) return void fields.show(read.errors);
      discount = read.value;
    }
    const refused = await onSubmit(discount);
    if (refused) setError(refused);
    else onClose();
  };
  return (
    <BillModal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SegmentedControl
            aria-label="İndirim türü"
            value={form.type}
            onChange={(v) => setForm({ ...form, type: v as DiscountForm['type'] })}
            data={[
              { value: 'amount', label: 'Tutar (TL)' },
              { value: 'percent', label: 'Yüzde (%)' },
            ]}
          />
          <TextInput
            label={form.type === 'percent' ? 'İndirim yüzdesi' : 'İndirim tutarı (TL)'}
            inputMode="decimal"
            value={form.value}
            onChange={(e) => (fields.clear('value'), setForm({ ...form, value: e.currentTarget.value }))}
            {...fields.fieldProps('value')}
          />
          <TextInput label="Açıklama" placeholder="Örn. Müdavim indirimi" maxLength={60} value={form.label} onChange={(e) => setForm({ ...form, label: e.currentTarget.value })} />
          <Group justify="space-between">
            {current ? (
              <Button variant="light" color="red" onClick={() => void submit(true)}>
                İndirimi Kaldır
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit">İndirimi Uygula</Button>
          </Group>
        </Stack>
      </form>
    </BillModal>
  );
}

/** İkram or İptal of a line, or part of its quantity, with a reason: Ayarlar's list in one tap, or typed. */
export function ReasonDialog({
  opened,
  onClose,
  kind,
  line,
  reasons,
  onSubmit,
}: {
  opened: boolean;
  onClose(): void;
  kind: 'comp' | 'cancel';
  line: TicketLine | null;
  reasons: readonly string[];
  onSubmit(reason: string, quantity: number | undefined): Promise<string | null>;
}) {
  const [reason, setReason] = useState('');
  const [quantity, setQuantity] = useState<number>(1);
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors();
  useEffect(() => {
    if (!opened) return;
    setReason('');
    setError(null);
    fields.clear();
    setQuantity(line?.quantity ?? 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, line?.id]);
  if (!line) return null;
  const word = kind === 'comp' ? 'İkram' : 'İptal';
  const submit = async () => {
    const typed = reason.trim();
    if (!typed) return void fields.show({ reason: `${word} nedeni gerekli` });
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) return void fields.show({ quantity: `Adet 1 ile ${line.quantity} arasında olmalı` });
    const refused = await onSubmit(typed, quantity < line.quantity ? quantity : undefined);
    if (refused) setError(refused);
    else onClose();
  };
  return (
    <BillModal opened={opened} onClose={onClose} title={`${word}: ${line.name}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm">
            {line.quantity} × {line.name} · {formatTL(line.total)}
          </Text>
          {reasons.length > 0 && (
            <Group gap={6} role="group" aria-label="Hazır nedenler">
              {reasons.map((r) => (
                <Button key={r} size="sm" variant={reason === r ? 'filled' : 'light'} aria-pressed={reason === r} onClick={() => (fields.clear('reason'), setReason(r))}>
                  {r}
                </Button>
              ))}
            </Group>
          )}
          <TextInput label="Neden" maxLength={200} value={reason} onChange={(e) => (fields.clear('reason'), setReason(e.currentTarget.value))} {...fields.fieldProps('reason')} />
          {line.quantity > 1 && (
            <NumberInput
              label={`Adet (en fazla ${line.quantity})`}
              min={1}
              max={line.quantity}
              allowDecimal={false}
              value={quantity}
              onChange={(v) => (fields.clear('quantity'), setQuantity(typeof v === 'number' ? v : Number(v)))}
              {...fields.fieldProps('quantity')}
            />
          )}
          <Button type="submit" color={kind === 'cancel' ? 'red' : undefined}>
            {kind === 'comp' ? 'İkram Et' : 'İptal Et'}
          </Button>
        </Stack>
      </form>
    </BillModal>
  );
}

/**
 * Yönetici onayı: the owner types their email and password on this device — or, on a registered
 * shared device, picks their name and types their PIN — and the write is sent again with it.
 */
export function ApprovalDialog({
  opened,
  onClose,
  message,
  onApprove,
}: {
  opened: boolean;
  onClose(): void;
  message: string;
  onApprove(approval: Approval): Promise<string | null>;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [chosenOwner, setChosenOwner] = useState<string | null>(null);
  const [usePassword, setUsePassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const owners = usePinApprovers(opened);
  const byPin = owners.length > 0 && !usePassword;
  const approverId = chosenOwner ?? (owners.length === 1 ? owners[0].id : null);
  // Nothing of the owner's stays filled in on the waiter's phone: every field starts empty when the
  // dialog opens or closes, and the password and PIN are emptied after every try.
  useEffect(() => {
    setEmail('');
    setPassword('');
    setPin('');
    setChosenOwner(null);
    setUsePassword(false);
    setError(null);
  }, [opened]);

  const send = (approval: Approval) => {
    setBusy(true);
    setError(null);
    void onApprove(approval)
      .then((refused) => (refused ? setError(refused) : onClose()))
      .finally(() => {
        setPassword('');
        setPin('');
        setBusy(false);
      });
  };
  const submit = () => {
    if (byPin) {
      if (!approverId) return setError('Onaylayan işletme sahibini seçin');
      if (pin.length < PIN_LIMITS.minLength) return setError('PIN gerekli');
      return send({ approverId, pin });
    }
    if (!email.trim() || !password) return setError('E-posta ve şifre gerekli');
    send({ email: email.trim(), password });
  };

  return (
    <BillModal opened={opened} onClose={onClose} title="Yönetici onayı">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">{message}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {byPin ? (
            <PinApprovalFields owners={owners} approverId={approverId} onApprover={setChosenOwner} pin={pin} onPin={setPin} onSubmit={submit} busy={busy} />
          ) : (
            <>
              <Text size="sm">İşletme sahibi bu cihazda e-postasını ve şifresini girerek onaylayabilir.</Text>
              <TextInput label="Onaylayan e-postası" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <PasswordInput label="Onaylayan şifresi" autoComplete="off" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              <Button type="submit" loading={busy}>
                Onayla
              </Button>
            </>
          )}
          {owners.length > 0 && (
            <Button variant="subtle" onClick={() => (setUsePassword(!usePassword), setPin(''), setPassword(''), setError(null))}>
              {usePassword ? 'PIN ile onayla' : 'E-posta ve şifre ile onayla'}
            </Button>
          )}
        </Stack>
      </form>
    </BillModal>
  );
}
