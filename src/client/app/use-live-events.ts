import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectionConfig } from '../api/connection';
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
      onChange: (e) => void queryClient.invalidateQueries({ queryKey: e.type.split('.') }),
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [queryClient]);
}
