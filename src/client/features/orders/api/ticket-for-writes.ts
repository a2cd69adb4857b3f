import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ticketQuery } from './ticket-queries';

/**
 * The ticket a write starts from, for the adisyon's and the bill's writes: its query, its cache key,
 * and `current()`, the cached copy (or a fresh read) once any refetch under way is cancelled — a
 * refetch that started before the write could land after it with an older version.
 */
export function useTicketForWrites(ticketId: string) {
  const queryClient = useQueryClient();
  const query = useMemo(() => ticketQuery(ticketId), [ticketId]);
  const key = query.queryKey;
  const current = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: key, exact: true });
    return queryClient.getQueryData(key) ?? queryClient.fetchQuery(query);
  }, [queryClient, key, query]);
  return { queryClient, query, key, current };
}
