import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KitchenHistoryQuery, KitchenSettableStatus, ServeLinesResponse } from '../../../shared/kitchen-contract';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { api } from '../../api/http';
import { kitchenAlertsQuery, kitchenHistoryQuery, kitchenOrdersQuery, readyLinesQuery } from '../../api/queries/kitchen';
import { queryKeys } from '../../api/query-keys';
import { hasRestaurant, restaurantPath } from '../../api/restaurant';
import { useGeneralSettings } from '../settings/api';

const base = () => restaurantPath();

/*
 * The reads' keys and fetchers are in api/queries/kitchen.ts. Structural sharing keeps an
 * unchanged card the same object between fetches, so a memoised card does not re-render when
 * another one changes.
 */
export const useKitchenOrders = (station: string) => useQuery(kitchenOrdersQuery(station));

export const useKitchenHistory = (query: KitchenHistoryQuery) =>
  useQuery({ ...kitchenHistoryQuery(query), placeholderData: (previous) => previous });

export const useReadyLines = (enabled = true) => useQuery({ ...readyLinesQuery(), enabled: () => enabled && hasRestaurant() });

export const useKitchenAlerts = () => useQuery(kitchenAlertsQuery());

/** The owner's warn / late minutes for ageing cards (every role may read the general settings). */
export function useKitchenThresholds() {
  return useGeneralSettings((s) => s.kitchenThresholds).data ?? defaultRestaurantSettings('').kitchenThresholds;
}

function useKitchenMutation<I, O>(request: (input: I) => Promise<O>) {
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

/** Tümünü Servis Et: the lines shown for one table; answers the ones it served. */
export const useServeLines = () =>
  useKitchenMutation(({ ticketId, lineIds }: { ticketId: string; lineIds: string[] }) =>
    api<ServeLinesResponse>(`${base()}/tickets/${ticketId}/serve`, { method: 'POST', body: { lineIds } }),
  );

/** Geri Al after Servis Edildi: the lines go back to Hazır (the server allows it for a short while). */
export const useUndoServe = () =>
  useKitchenMutation(({ ticketId, lineIds }: { ticketId: string; lineIds: string[] }) =>
    api<ServeLinesResponse>(`${base()}/tickets/${ticketId}/serve/undo`, { method: 'POST', body: { lineIds } }),
  );

/** Tells the server this screen received (shows) these batches; no refetch needed. */
export const acknowledgeBatches = (batchIds: string[], station: string) =>
  api<{ acknowledged: number }>(`${base()}/kitchen/acknowledge`, { method: 'POST', body: { batchIds, station } });
