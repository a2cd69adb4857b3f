import { queryOptions } from '@tanstack/react-query';
import type { AuthUser } from '../../../../shared/auth-contract';
import type { PinLoginRequest, SharedDeviceInfo } from '../../../../shared/pin-contract';
import { api, setSigningOut } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';

/** Whether this browser is a registered shared device, and who may pick their name on its pad. */
export const fetchSharedDevice = () => api<SharedDeviceInfo>('/api/auth/shared-device');

/** The same, cached: the bill's approval dialog asks whose PIN may approve on this device. */
export const sharedDeviceInfoQuery = () => queryOptions({ queryKey: queryKeys.sharedDeviceInfo(), queryFn: () => fetchSharedDevice() });

export async function pinLogin(body: PinLoginRequest): Promise<AuthUser> {
  const user = await api<AuthUser>('/api/auth/pin', { method: 'POST', body });
  // a new session: from now on a 401 means it ended elsewhere again
  setSigningOut(false);
  return user;
}
