import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PIN_LIMITS, pinProblem, setOwnPinRequest } from '../../../shared/pin-contract';
import { WRONG_CURRENT_PASSWORD } from '../../../shared/staff-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { ApiError, api } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { ownPinQuery } from './api/own-pin';
import { SettingsSection } from '../../components/settings-section';

/**
 * Ayarlar → PIN: the person's own 4–6 digit PIN for the restaurant's shared devices. The current
 * password is asked each time, so nobody sets a PIN on a colleague's screen left open.
 */
export function PinSection() {
  const queryClient = useQueryClient();
  const state = useQuery(ownPinQuery());
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const fields = useFieldErrors();

  async function run(request: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await request();
      setResult({ ok: true, message: done });
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownPin() });
    } catch (err) {
      if (err instanceof ApiError && err.message === WRONG_CURRENT_PASSWORD) fields.show({ currentPassword: err.message });
      else if (!fields.show(fieldErrorsFrom(err))) setResult({ ok: false, message: messageFor(err) });
    } finally {
      // neither the password nor the PIN stays on the screen
      setCurrent('');
      setPin('');
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const body = { currentPassword: current, pin };
    const checked = setOwnPinRequest.safeParse(body);
    if (fields.show(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues))) return;
    void run(() => api('/api/me/pin', { method: 'PUT', body }), 'PIN’iniz kaydedildi. Paylaşılan cihazlarda adınızı seçip bu PIN ile giriş yapabilirsiniz.');
  }

  return (
    <SettingsSection title="PIN ile Giriş">
      <Text size="sm">
        {state.data?.hasPin ? 'PIN’iniz tanımlı.' : 'PIN’iniz yok.'} Kasa bilgisayarı ya da mutfak tableti gibi kayıtlı paylaşılan cihazlarda adınızı seçip{' '}
        {PIN_LIMITS.minLength}–{PIN_LIMITS.maxLength} haneli PIN’inizle giriş yaparsınız.
      </Text>
      {state.data?.isLocked && (
        <Alert color="red" role="alert">
          PIN’iniz çok fazla hatalı deneme yüzünden kilitli. İşletme sahibi Personel ekranından kilidi açabilir.
        </Alert>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <PasswordInput
            label="Mevcut şifre"
            withAsterisk
            autoComplete="current-password"
            value={current}
            {...fields.fieldProps('currentPassword')}
            onChange={(e) => (fields.clear('currentPassword'), setCurrent(e.currentTarget.value))}
          />
          <PasswordInput
            label={state.data?.hasPin ? 'Yeni PIN' : 'PIN'}
            description="0000, 1234, 1111 gibi kolay tahmin edilen PIN’ler kabul edilmez"
            withAsterisk
            autoComplete="off"
            inputMode="numeric"
            maxLength={PIN_LIMITS.maxLength}
            value={pin}
            {...fields.fieldProps('pin')}
            error={fields.errors.pin ?? (pin.length >= PIN_LIMITS.minLength ? pinProblem(pin) : null)}
            onChange={(e) => (fields.clear('pin'), setPin(e.currentTarget.value.replace(/\D/g, '')))}
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="light" loading={isBusy}>
              PIN’i Kaydet
            </Button>
            {state.data?.hasPin && (
              <Button variant="subtle" color="red" disabled={isBusy} onClick={() => void run(() => api('/api/me/pin', { method: 'DELETE' }), 'PIN’iniz silindi.')}>
                PIN’i Sil
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
