import { Button } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from './api/login';
import { sharedDeviceName, subscribeSharedDevice } from '../../api/shared-device-hint';

/**
 * Kullanıcı Değiştir, on a shared device only: ends this person's session and returns to the
 * pad, so the next person signs in as themselves instead of working under someone else's name.
 */
export function SwitchUserButton() {
  const navigate = useNavigate();
  const deviceName = useSyncExternalStore(subscribeSharedDevice, sharedDeviceName);
  if (!deviceName) return null;
  async function handleClick() {
    await logout().catch(() => {});
    navigate('/', { replace: true });
  }
  return (
    <Button variant="light" size="sm" onClick={handleClick}>
      Kullanıcı Değiştir
    </Button>
  );
}
