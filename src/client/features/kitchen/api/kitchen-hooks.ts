import { useQuery } from '@tanstack/react-query';
import type { KitchenHistoryQuery } from '../../../../shared/kitchen-contract';
import { defaultRestaurantSettings } from '../../../../shared/restaurant-settings';
import { hasRestaurant } from '../../../api/restaurant';
import { useGeneralSettings } from '../../settings/api';
import { kitchenAlertsQuery, kitchenHistoryQuery, kitchenOrdersQuery, readyLinesQuery } from './kitchen-queries';

/*
 * The reads' keys and fetchers are in kitchen-queries.ts. Structural sharing keeps an
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
