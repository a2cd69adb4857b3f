import { queryOptions } from '@tanstack/react-query';
import type { AuditChainReport } from '../../../shared/audit-chain-contract';
import { api } from '../http';
import { queryKeys } from '../query-keys';
import { currentRestaurantId, restaurantPath } from '../restaurant';

/**
 * Kayıt bütünlüğü (owner): the restaurant's hash chains checked now. Run only when the owner asks
 * (Denetle): checking reads the whole history, and a verdict is of its moment, so never stale-served.
 */
export const auditChainQuery = () =>
  queryOptions({
    queryKey: queryKeys.auditChain(currentRestaurantId()),
    queryFn: () => api<AuditChainReport>(restaurantPath('/audit-chain')),
    enabled: false,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
