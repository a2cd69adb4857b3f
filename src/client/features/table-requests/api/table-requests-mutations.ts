import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptTableRequestResult, RejectTableRequestRequest } from '../../../../shared/table-requests-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { restaurantPath } from '../../../api/restaurant';

const requestPath = (id: string, action: string) => restaurantPath(`/table-requests/${encodeURIComponent(id)}/${action}`);

function useAnswer<I>(request: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // the live event tells the other phones; this one refreshes at once (an accepted order is on the adisyon and the floor)
    onSettled: () => Promise.all([queryKeys.tableRequests(), queryKeys.tickets(), queryKeys.floor()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Onayla: the order goes to the table's adisyon as a new round and to the kitchen. */
export const useAcceptTableRequest = () =>
  useAnswer((id: string) => api<AcceptTableRequestResult>(requestPath(id, 'accept'), { method: 'POST' }));

/** Reddet: the guest reads the reason on their phone. */
export const useRejectTableRequest = () =>
  useAnswer(({ id, body }: { id: string; body: RejectTableRequestRequest }) => api<void>(requestPath(id, 'reject'), { method: 'POST', body }));

/** Gördüm: a call (Garson Çağır, Hesap İste) was heard; the list shows who answered. */
export const useAcknowledgeTableCall = () => useAnswer((id: string) => api<void>(requestPath(id, 'acknowledge'), { method: 'POST' }));
