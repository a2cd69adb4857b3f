import { queryOptions } from '@tanstack/react-query';
import type { SharedDevice, StaffPinState } from '../../../../shared/pin-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, restaurantPath } from '../../../api/restaurant';

/**
 * Shared devices and PINs (ADR 0009): one key, one fetcher, one shape per endpoint. Personel reads
 * the devices and the members' PIN states here; Ayarlar the person's own PIN in
 * features/settings/api/own-pin.ts, and the bill's approval dialog whether this browser is a
 * shared device in features/auth/api/pin-login.ts.
 */
export const sharedDevicesQuery = (restaurantId: string = currentRestaurantId()) =>
  queryOptions({
    queryKey: queryKeys.sharedDevices(restaurantId),
    queryFn: () => api<SharedDevice[]>(restaurantPath('/devices')),
    enabled: restaurantId !== '',
  });

export const staffPinsQuery = (restaurantId: string = currentRestaurantId()) =>
  queryOptions({
    queryKey: queryKeys.staffPins(restaurantId),
    queryFn: () => api<StaffPinState[]>(restaurantPath('/pins')),
    enabled: restaurantId !== '',
  });
