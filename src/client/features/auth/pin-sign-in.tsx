import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AuthUser } from '../../../shared/auth-contract';
import type { PadPerson, SharedDeviceInfo } from '../../../shared/pin-contract';
import { tr } from '../../i18n/tr';
import { pinLogin } from './api/pin-login';
import { PinPad } from '../../components/pin-pad';
import classes from '../../components/pin-pad.module.css';

/**
 * Kullanıcı seçimi on a shared device: pick your name, type your PIN on the pad. The PIN is held in
 * this component's state only and dropped after every try.
 */
export function PinSignIn({ info, onSignedIn, onUsePassword }: { info: SharedDeviceInfo; onSignedIn(user: AuthUser): void; onUsePassword(): void }) {
  const [person, setPerson] = useState<PadPerson | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);

  async function submit() {
    if (!person) return;
    const typed = pin;
    setPin('');
    setBusy(true);
    setError('');
    try {
      onSignedIn(await pinLogin({ userId: person.id, pin: typed }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  const back = () => (setPerson(null), setPin(''), setError(''));

  return (
    <Stack>
      <Text c="dimmed" size="sm" ta="center">
        {info.device?.restaurantName} · {info.device?.name}
      </Text>
      {!person ? (
        <>
          <Title order={2} size="h4">
            Kullanıcı seçin
          </Title>
          {info.people.length === 0 && <Text size="sm">Bu cihazda PIN ile giriş yapabilecek kimse yok. PIN’inizi Ayarlar’dan belirleyin.</Text>}
          <div className={classes.people} role="list" aria-label="Personel">
            {info.people.map((p) => (
              <div role="listitem" key={p.id}>
                <Button variant="light" size="lg" fullWidth className={classes.person} onClick={() => setPerson(p)}>
                  <Stack gap={2} align="center">
                    <span>{p.name}</span>
                    <Text span size="xs" c="dimmed">
                      {p.isLocked ? 'PIN kilitli' : tr.roles[p.role]}
                    </Text>
                  </Stack>
                </Button>
              </div>
            ))}
          </div>
        </>
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4">
              {person.name}
            </Title>
            {person.isLocked && <Badge color="red">PIN kilitli</Badge>}
          </Group>
          <Text size="sm">PIN’inizi girin</Text>
          <PinPad value={pin} onChange={(v) => (setError(''), setPin(v))} onSubmit={() => void submit()} submitLabel="PIN ile giriş yap" disabled={isBusy} />
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <Button variant="subtle" size="md" onClick={back}>
            ← Başka kullanıcı
          </Button>
        </>
      )}
      <Button variant="default" size="md" onClick={onUsePassword}>
        E-posta ve şifre ile giriş
      </Button>
    </Stack>
  );
}
