import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { registerDeviceRequest, type SharedDevice } from '../../../shared/pin-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { api } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { restaurantPath } from '../../api/restaurant';
import { sharedDevicesQuery } from './api/shared-devices';
import { formatDateTime } from '../../../shared/domain/calendar';
import { useRestaurantTimeZone } from '../settings/api';
import { rememberSharedDevice } from '../../api/shared-device-hint';


/**
 * Personel → Paylaşılan Cihazlar: the owner registers the browser in front of them (the counter
 * PC, the kitchen tablet) for PIN sign-in, and revokes devices. A revoked device's PINs stop at once.
 */
export function SharedDevicesSection() {
  const queryClient = useQueryClient();
  const devices = useQuery(sharedDevicesQuery());
  const timeZone = useRestaurantTimeZone();
  const [name, setName] = useState('');
  const [revoking, setRevoking] = useState<SharedDevice | null>(null);
  const fields = useFieldErrors();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() });
  const register = useMutation({
    mutationFn: (body: { name: string }) => api<SharedDevice>(restaurantPath('/devices'), { method: 'POST', body }),
    onSuccess: (device) => rememberSharedDevice(device.name),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (device: SharedDevice) => api(restaurantPath(`/devices/${device.id}/revoke`), { method: 'POST' }),
    onSuccess: (_, device) => device.isThisDevice && rememberSharedDevice(null),
    onSettled: refresh,
  });
  const isThisRegistered = devices.data?.some((d) => d.isThisDevice) ?? false;

  async function handleRegister(event: FormEvent) {
    event.preventDefault();
    const checked = registerDeviceRequest.safeParse({ name });
    if (fields.show(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues))) return;
    try {
      await register.mutateAsync({ name: checked.data!.name });
      setName('');
    } catch (err) {
      fields.show(fieldErrorsFrom(err)); // the rest is shown through register.error
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Paylaşılan Cihazlar">
      <Title order={3} size="h4" mb="xs">
        Paylaşılan Cihazlar
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Kasa bilgisayarı ya da mutfak tableti gibi ortak cihazlarda personel giriş ekranında adını seçip kişisel PIN’iyle oturum açar. PIN yalnızca burada
        kaydedilen cihazlarda geçerlidir.
      </Text>
      <Stack gap="sm">
        {devices.error && (
          <Alert color="red" role="alert">
            {devices.error.message}
          </Alert>
        )}
        {devices.data?.length === 0 && <Text size="sm">Kayıtlı cihaz yok.</Text>}
        {devices.data?.map((d) => (
          <Group key={d.id} justify="space-between" wrap="nowrap" data-testid="shared-device">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {d.name} {d.isThisDevice && <Badge variant="light">Bu cihaz</Badge>}
              </Text>
              <Text size="xs" c="dimmed">
                Kaydedildi: {formatDateTime(d.createdAt, timeZone)} · {d.lastUsedAt ? `Son PIN girişi: ${formatDateTime(d.lastUsedAt, timeZone)}` : 'Henüz PIN girişi yok'}
              </Text>
            </div>
            <Button size="sm" variant="light" color="red" onClick={() => setRevoking(d)}>
              Kaydı Sil
            </Button>
          </Group>
        ))}
        {revoke.error && (
          <Alert color="red" role="alert">
            {messageFor(revoke.error)}
          </Alert>
        )}
        {!isThisRegistered && (
          <form onSubmit={handleRegister} noValidate>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Bu cihazın adı"
                placeholder="Örn. Kasa PC"
                maxLength={40}
                style={{ flex: '1 1 200px' }}
                value={name}
                {...fields.fieldProps('name')}
                onChange={(e) => (fields.clear('name'), setName(e.currentTarget.value))}
              />
              <Button type="submit" loading={register.isPending}>
                Bu Cihazı Kaydet
              </Button>
            </Group>
            {register.error && !fields.errors.name && (
              <Alert color="red" role="alert" mt="sm">
                {messageFor(register.error)}
              </Alert>
            )}
          </form>
        )}
      </Stack>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Emin misiniz?" centered>
        {revoking && (
          <Stack>
            <Text>{revoking.name} artık paylaşılan cihaz olmayacak; bu cihazda PIN ile giriş ve PIN ile onay hemen durur, bu cihazda PIN ile açılmış oturumlar kapanır.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRevoking(null)}>
                Vazgeç
              </Button>
              <Button color="red" onClick={() => (revoke.mutate(revoking), setRevoking(null))}>
                Kaydı Sil
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
