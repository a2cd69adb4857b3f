import { Badge, Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffPinState } from '../../../shared/pin-contract';
import { api } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { restaurantPath } from '../../api/restaurant';

/** The owner's PIN actions on a staff card: clear anyone's PIN, unlock one locked by wrong tries. */
export function useStaffPinAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: 'clear' | 'unlock' }) => api(restaurantPath(`/pins/${userId}/${action}`), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }),
  });
}

export function StaffPinBadge({ state }: { state: StaffPinState | undefined }) {
  if (state?.isLocked) return <Badge color="red" variant="light">PIN kilitli</Badge>;
  if (state?.hasPin) return <Badge color="blue" variant="light">PIN var</Badge>;
  return null;
}

export function StaffPinButtons({ state, name, onAction }: { state: StaffPinState | undefined; name: string; onAction(action: 'clear' | 'unlock'): void }) {
  return (
    <>
      {state?.isLocked && (
        <Button size="xs" variant="light" color="orange" onClick={() => onAction('unlock')} aria-label={`${name}: PIN kilidini aç`}>
          PIN Kilidini Aç
        </Button>
      )}
      {state?.hasPin && (
        <Button size="xs" variant="light" onClick={() => onAction('clear')} aria-label={`${name}: PIN’i sil`}>
          PIN’i Sil
        </Button>
      )}
    </>
  );
}
