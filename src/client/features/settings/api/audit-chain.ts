import { queryOptions } from '@tanstack/react-query';
import type { AuditChainReport } from '../../../../shared/audit-chain-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, restaurantPath } from '../../../api/restaurant';

/**
 * Kayıt bütünlüğü (owner): the restaurant's hash chains checked now. Run only when the owner asks:
 * Denetle goes on from the last sound check, Baştan Denetle (`full`) reads the whole history. A
 * verdict is of its moment, so never stale-served.
 */
export const auditChainQuery = (full: boolean) =>
  queryOptions({
    queryKey: queryKeys.auditChain(currentRestaurantId(), full),
    queryFn: () => api<AuditChainReport>(restaurantPath(full ? '/audit-chain?full=true' : '/audit-chain')),
    enabled: false,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
