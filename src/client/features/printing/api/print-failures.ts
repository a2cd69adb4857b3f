import { queryOptions } from '@tanstack/react-query';
import type { PrintFailure } from '../../../../shared/printing-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Kitchen slips that did not reach their network printer (owner); the 'printing' event refreshes it. */
export const printFailuresQuery = () =>
  queryOptions({
    queryKey: queryKeys.printFailures(currentRestaurantId()),
    queryFn: () => api<PrintFailure[]>(restaurantPath('/printing/failures')),
    enabled: hasRestaurant,
  });
