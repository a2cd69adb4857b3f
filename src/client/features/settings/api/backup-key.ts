import { queryOptions } from '@tanstack/react-query';
import type { BackupKeyState } from '../../../../shared/backup-key-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, restaurantPath } from '../../../api/restaurant';

/** Ayarlar → Yedek anahtarı (owner). The key may be in the answer: never kept after the screen closes. */
export const backupKeyQuery = () =>
  queryOptions({
    queryKey: queryKeys.backupKey(currentRestaurantId()),
    queryFn: () => api<BackupKeyState>(restaurantPath('/backup-key')),
    gcTime: 0,
  });

/** "Anahtarı sakladım": answers the status without the key. */
export const markBackupKeyKept = (fingerprint: string) => api<BackupKeyState>(restaurantPath('/backup-key/kept'), { method: 'POST', body: { fingerprint } });
