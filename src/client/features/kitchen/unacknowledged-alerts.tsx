import { Alert, Stack } from '@mantine/core';
import type { KitchenAlert } from '../../../shared/kitchen-contract';
import { kt, whereLabel } from './kitchen-text';

/** Batches no kitchen screen of their station received within 30 s. */
export function UnacknowledgedAlerts({ alerts, now = Date.now() }: { alerts: readonly KitchenAlert[]; now?: number }) {
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs">
      {alerts.map((a) => (
        <Alert key={a.batchId} color="red" variant="light" role="alert" title={`⚠ ${kt.unacknowledgedTitle}`} data-testid="unacknowledged-alert">
          {kt.unacknowledged(whereLabel({ ...a, customerName: null }), a.stations.join(', '), Math.max(30, Math.round((now - Date.parse(a.sentAt)) / 1000)))}
        </Alert>
      ))}
    </Stack>
  );
}
