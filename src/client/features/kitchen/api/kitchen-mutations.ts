import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitchenSettableStatus, ServeLinesResponse } from '../../../../shared/kitchen-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { restaurantPath } from '../../../api/restaurant';

const base = () => restaurantPath();

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
