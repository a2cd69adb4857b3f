import { useQuery } from '@tanstack/react-query';
import { ticketQuery } from '../../orders/api';
import { billDetailQuery, closedBillsQuery } from './bill-queries';

/** The same cache entry as the adisyon's (features/orders/api/ticket-queries.ts): one key, one shape. */
export const useBillTicket = (ticketId: string) => useQuery(ticketQuery(ticketId));

/** Kapalı Hesaplar: a business day or a range, or one bill by its number. */
export const useClosedBills = (query: { from?: string; to?: string; number?: number }) => useQuery(closedBillsQuery(query));

export const useBillDetail = (billId: string | null) => useQuery(billDetailQuery(billId));
