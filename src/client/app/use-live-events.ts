import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSIONS_ENDED_EVENT } from '../../shared/live-events';
import { connectionConfig } from '../api/connection';
import { LIVE_EVENT_INVALIDATES } from '../api/query-keys';
import { endSession } from '../api/http';
import { getUserSession } from '../api/session';
import { tr } from '../i18n/tr';
import { openLiveConnection } from '../api/live-connection';

/**
 * Keeps every open screen of the restaurant current: each event invalidates the query keys
 * LIVE_EVENT_INVALIDATES names for it; a resync invalidates everything.
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
        if (e.type === SESSIONS_ENDED_EVENT && e.id === getUserSession()?.uid) return endSession(tr.session.accountChanged);
        // An event type this build does not know (a newer server) refreshes everything.
        const keys = LIVE_EVENT_INVALIDATES[e.type] ?? [[]];
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [queryClient]);
}
