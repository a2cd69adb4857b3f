import { Alert } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getLiveStatus, subscribeLiveStatus } from '../../api/live-status';
import classes from './kitchen.module.css';
import { clockSeconds, kt } from './kitchen-text';

/** "Bağlantı yok" with the time of the last update, while the live feed is down. */
export function ConnectionBanner() {
  const status = useSyncExternalStore(subscribeLiveStatus, getLiveStatus);
  if (status.isConnected) return null;
  return (
    <Alert color="red" variant="filled" role="alert" className={classes.offline} title={`⚠ ${kt.offline}`} data-testid="offline-banner">
      {status.lastUpdateAt ? kt.offlineSince(clockSeconds(status.lastUpdateAt)) : kt.offlineNever}
    </Alert>
  );
}
