import type { AuthUser } from '../../../shared/auth-contract';
import type { PinLoginRequest, SharedDeviceInfo } from '../../../shared/pin-contract';
import { api, setSigningOut } from '../../api/http';

/** Whether this browser is a registered shared device, and who may pick their name on its pad. */
export const fetchSharedDevice = () => api<SharedDeviceInfo>('/api/auth/shared-device');

export async function pinLogin(body: PinLoginRequest): Promise<AuthUser> {
  const user = await api<AuthUser>('/api/auth/pin', { method: 'POST', body });
  // a new session: from now on a 401 means it ended elsewhere again
  setSigningOut(false);
  return user;
}
