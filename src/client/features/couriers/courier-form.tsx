import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatTurkishPhone } from '../../../shared/phone';
import type { CourierInfo } from '../../../shared/couriers-contract';
import { useSaveCourier } from './api/courier-mutations';
import { fieldErrorsFrom, messageFor } from '../../api/field-errors';

/** Kurye Ekle, or the edit of one courier's name and phone (with the version it read). */
export function CourierFields({ courier, onDone }: { courier?: CourierInfo; onDone?: () => void }) {
  const [name, setName] = useState(courier?.name ?? '');
  const [phone, setPhone] = useState(courier ? formatTurkishPhone(courier.phone) : '');
  const save = useSaveCourier(courier, () => {
    if (!courier) {
      setName('');
      setPhone('');
    }
    onDone?.();
  });
  const errors = fieldErrorsFrom(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name, phone });
  };
  const prefix = courier ? `kurye-${courier.id}` : 'yeni-kurye';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {save.error && !errors.name && !errors.phone && (
          <Alert color="red" role="alert">
            {messageFor(save.error)}
          </Alert>
        )}
        <TextInput id={`${prefix}-ad`} label="Kurye adı" size="md" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={80} />
        <TextInput
          id={`${prefix}-telefon`}
          label="Telefon"
          size="md"
          required
          type="tel"
          inputMode="tel"
          placeholder="0532 123 45 67"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
        />
        <Group>
          <Button type="submit" size="md" loading={save.isPending}>
            {courier ? 'Kaydet' : 'Kurye Ekle'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AddCourierForm() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3}>Yeni kurye</Title>
        <CourierFields />
      </Stack>
    </Paper>
  );
}
