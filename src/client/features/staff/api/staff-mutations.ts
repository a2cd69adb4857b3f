import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffRequest, StaffMember } from '../../../../shared/staff-contract';
import type { Role } from '../../../../shared/domain/roles';
import { api } from '../../../api/http';
import { useIdempotentRequest } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { restaurantPath } from '../../../api/restaurant';

const base = () => restaurantPath('/staff');

export interface StaffWithPassword {
  staff: StaffMember;
  generatedPassword?: string;
}

/** Every staff mutation refreshes the lists when it lands. */
function useStaffMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }),
  });
}

export const useCreateStaff = () =>
  useStaffMutation(
    useIdempotentRequest((body: CreateStaffRequest, headers) => api<StaffWithPassword>(base(), { method: 'POST', body, headers })),
  );

export const useUpdateStaff = () =>
  useStaffMutation(({ id, ...body }: { id: string; name: string; role: Role; version: number }) =>
    api<StaffMember>(`${base()}/${id}`, { method: 'PATCH', body }),
  );

export const useSetStaffActive = () =>
  useStaffMutation(({ id, isActive, version }: { id: string; isActive: boolean; version: number }) =>
    api<StaffMember>(`${base()}/${id}/${isActive ? 'reactivate' : 'deactivate'}`, { method: 'POST', body: { version } }),
  );

export const useResetPassword = () =>
  useStaffMutation(({ id, version }: { id: string; version: number }) =>
    api<StaffWithPassword>(`${base()}/${id}/reset-password`, { method: 'POST', body: { version } }),
  );
