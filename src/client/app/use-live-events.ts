import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSIONS_ENDED_EVENT } from '../../shared/live-events';
import { connectionConfig } from '../api/connection';
import { endSession } from '../api/http';
import { getUserSession } from '../features/auth/session-storage';
import { openLiveConnection } from '../api/live-connection';

/**
 * Keeps every open screen of the restaurant current: an event "settings.printer" invalidates the
 * queries under ['settings', 'printer']; a resync invalidates everything.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!connectionConfig.ok) {
      console.error('Invalid connection settings', connectionConfig.error);
      return;
    }
    return openLiveConnection(connectionConfig.settings, {
      onChange: (e) => {
        if (e.type === SESSIONS_ENDED_EVENT && e.id === getUserSession()?.uid) endSession();
        else void queryClient.invalidateQueries({ queryKey: e.type.split('.') });
      },
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [queryClient]);
}
