import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOfflineQueue } from '../../../api/offline-queue';
import { applyQueued, queuedLineIds } from '../offline-ticket';
import { openTicketsQuery, ticketQuery } from './ticket-queries';

export const useOpenTickets = () => useQuery(openTicketsQuery());

/**
 * One adisyon as the waiter left it: the server's ticket with the offline queue's waiting actions
 * laid over it; `queuedIds` are the lines those actions still have to tell the server about.
 */
export function useTicket(ticketId: string) {
  const query = useQuery(ticketQuery(ticketId));
  const { pending } = useOfflineQueue();
  const server = query.data;
  const data = useMemo(() => (server ? applyQueued(server, pending) : server), [server, pending]);
  const queuedIds = useMemo(() => (server ? queuedLineIds(server, pending) : new Set<string>()), [server, pending]);
  return { ...query, data, queuedIds };
}
