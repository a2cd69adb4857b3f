import { queryOptions } from '@tanstack/react-query';
import type { PinState } from '../../../../shared/pin-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';

/** Ayarlar → PIN ile Giriş: whether the signed-in person has a PIN, and whether it is locked. */
export const ownPinQuery = () => queryOptions({ queryKey: queryKeys.ownPin(), queryFn: () => api<PinState>('/api/me/pin') });
