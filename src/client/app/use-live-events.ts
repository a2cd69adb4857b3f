import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSIONS_ENDED_EVENT } from '../../shared/live-events';
import { connectionConfig } from '../api/connection';
import { createLiveInvalidator } from '../api/live-invalidation';
import { endSession } from '../api/http';
import { getUserSession } from '../api/session';
import { tr } from '../i18n/tr';
import { openLiveConnection } from '../api/live-connection';
import { resyncWhenReachable } from '../api/reachability-resync';

/**
 * Keeps every open screen of the restaurant current: each event invalidates the query keys
 * LIVE_EVENT_INVALIDATES names for it (once per burst of events); a resync invalidates everything,
 * as does the first real answer after reads were answered from the saved copy (reachability-resync.ts).
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!connectionConfig.ok) {
      console.error('Invalid connection settings', connectionConfig.error);
      return;
    }
    const invalidate = createLiveInvalidator((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    const resync = () => void queryClient.invalidateQueries();
    const stopRetrying = resyncWhenReachable(resync);
    const close = openLiveConnection(connectionConfig.settings, {
      onChange: (e) => {
        if (e.type === SESSIONS_ENDED_EVENT && e.id === getUserSession()?.uid) return endSession(tr.session.accountChanged);
        invalidate(e.type);
      },
      onResync: resync,
    });
    return () => {
      stopRetrying();
      close();
    };
  }, [queryClient]);
}
