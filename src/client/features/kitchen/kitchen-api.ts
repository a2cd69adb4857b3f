import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  KitchenAlert,
  KitchenHistoryQuery,
  KitchenHistoryResponse,
  KitchenOrder,
  KitchenSettableStatus,
  ReadyLine,
} from '../../../shared/kitchen-contract';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { api } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId, restaurantPath, useGeneralSettings } from '../../api/restaurant';

const rid = currentRestaurantId;
const base = () => restaurantPath();

/**
 * Every kitchen query lives under queryKeys.kitchen(): the 'kitchen' and 'tickets' live events
 * refresh them all. Structural sharing keeps an unchanged card the same object between fetches,
 * so a memoised card does not re-render when another one changes.
 */
/** The cards still to make (scope 'active'): the screen shows no others, however many wait to be served. */
export function useKitchenOrders(station: string) {
  const query = new URLSearchParams({ scope: 'active', ...(station ? { station } : {}) });
  return useQuery({
    queryKey: [...queryKeys.kitchen(rid()), 'orders', station],
    queryFn: () => api<KitchenOrder[]>(`${base()}/kitchen/orders?${query}`),
  });
}

export function useKitchenHistory(query: KitchenHistoryQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, String(v));
  return useQuery({
    queryKey: [...queryKeys.kitchen(rid()), 'history', params.toString()],
    queryFn: () => api<KitchenHistoryResponse>(`${base()}/kitchen/history?${params}`),
    placeholderData: (previous) => previous,
  });
}

export const useReadyLines = (enabled = true) =>
  useQuery({
    queryKey: [...queryKeys.kitchen(rid()), 'ready'],
    queryFn: () => api<ReadyLine[]>(`${base()}/kitchen/ready`),
    enabled,
  });

export const useKitchenAlerts = () =>
  useQuery({
    queryKey: [...queryKeys.kitchen(rid()), 'alerts'],
    queryFn: () => api<KitchenAlert[]>(`${base()}/kitchen/alerts`),
  });

/** The owner's warn / late minutes for ageing cards (every role may read the general settings). */
export function useKitchenThresholds() {
  return useGeneralSettings((s) => s.kitchenThresholds).data ?? defaultRestaurantSettings('').kitchenThresholds;
}

function useKitchenMutation<I>(request: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The live event refreshes other screens; this one refreshes at once.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.kitchen() }),
  });
}

export const useSetLineStatus = () =>
  useKitchenMutation(({ lineId, status }: { lineId: string; status: KitchenSettableStatus }) =>
    api(`${base()}/kitchen/lines/${lineId}/status`, { method: 'POST', body: { status } }),
  );

export const useBumpBatch = () =>
  useKitchenMutation(({ batchId, station }: { batchId: string; station: string }) =>
    api(`${base()}/kitchen/batches/${batchId}/bump`, { method: 'POST', body: station ? { station } : {} }),
  );

export const useRecallBatch = () =>
  useKitchenMutation(({ batchId, station }: { batchId: string; station: string }) =>
    api(`${base()}/kitchen/batches/${batchId}/recall`, { method: 'POST', body: station ? { station } : {} }),
  );

export const useMarkServed = () =>
  useKitchenMutation(({ ticketId, lineId }: { ticketId: string; lineId: string }) =>
    api(`${base()}/tickets/${ticketId}/lines/${lineId}/served`, { method: 'POST' }),
  );

/** Tells the server this screen received (shows) these batches; no refetch needed. */
export const acknowledgeBatches = (batchIds: string[], station: string) =>
  api<{ acknowledged: number }>(`${base()}/kitchen/acknowledge`, { method: 'POST', body: { batchIds, station } });
