import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PadPerson } from '../../../shared/pin-contract';
import { sharedDeviceInfoQuery } from '../auth/api';
import { PinPad } from '../../components/pin-pad';

/**
 * The owners who may approve by PIN here: none unless this browser is a registered shared device
 * (the server refuses a PIN approval anywhere else). A locked PIN is left out: email + password then.
 */
export function usePinApprovers(isOpen: boolean): PadPerson[] {
  const info = useQuery({ ...sharedDeviceInfoQuery(), enabled: isOpen });
  return info.data?.people.filter((p) => p.role === 'owner' && !p.isLocked) ?? [];
}

/** Yönetici onayı by PIN: pick the owner (when there are several), then the pad. */
export function PinApprovalFields({
  owners,
  approverId,
  onApprover,
  pin,
  onPin,
  onSubmit,
  busy,
}: {
  owners: PadPerson[];
  approverId: string | null;
  onApprover(id: string): void;
  pin: string;
  onPin(pin: string): void;
  onSubmit(): void;
  busy: boolean;
}) {
  return (
    <>
      <Text size="sm">İşletme sahibi bu cihazda PIN’ini girerek onaylayabilir.</Text>
      {owners.length > 1 && (
        <Group gap="xs" role="group" aria-label="Onaylayan işletme sahibi">
          {owners.map((o) => (
            <Button key={o.id} variant={o.id === approverId ? 'filled' : 'light'} aria-pressed={o.id === approverId} onClick={() => onApprover(o.id)}>
              {o.name}
            </Button>
          ))}
        </Group>
      )}
      {owners.length === 1 && <Text fw={600}>{owners[0].name}</Text>}
      <PinPad value={pin} onChange={onPin} onSubmit={onSubmit} submitLabel="PIN ile onayla" disabled={busy} />
    </>
  );
}
