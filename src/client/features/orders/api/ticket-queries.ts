import { queryOptions } from '@tanstack/react-query';
import type { Ticket, TicketSummary } from '../../../../shared/ticket-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Open tickets (Açık Masalar, Masa Birleştir); the 'tickets' and 'kitchen' live events refresh them. */
export const openTicketsQuery = () =>
  queryOptions({
    queryKey: queryKeys.openTickets(currentRestaurantId()),
    queryFn: () => api<TicketSummary[]>(restaurantPath('/tickets?status=open')),
    enabled: hasRestaurant,
  });

/** One ticket, as the adisyon and its Hesap both show it (one key, one shape for both). */
export const ticketQuery = (ticketId: string) =>
  queryOptions({
    queryKey: queryKeys.ticket(currentRestaurantId(), ticketId),
    queryFn: () => api<Ticket>(restaurantPath(`/tickets/${encodeURIComponent(ticketId)}`)),
    enabled: hasRestaurant,
  });
