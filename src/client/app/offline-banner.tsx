import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { offlineQueue, useOfflineQueue } from '../api/offline-queue';
import { queryKeys } from '../api/query-keys';
import { takeUpdate, useUpdateReady } from './app-update';

export const OFFLINE_BANNER = {
  offline: 'Çevrimdışı: sunucuya ulaşılamıyor.',
  keepGoing: 'Siparişleri almaya devam edebilirsiniz; bağlantı gelince sırayla gönderilecek. Ödeme alınamaz.',
  waiting: (n: number) => `${n} işlem gönderilmeyi bekliyor`,
  sending: 'Gönderiliyor…',
  failedTitle: 'Gönderilemedi',
  dismiss: 'Tamam',
  update: 'Yeni sürüm hazır — Yenile',
  updateLater: 'Yeni sürüm hazır. Bekleyen işlemler gönderilince yenileyebilirsiniz.',
} as const;

/**
 * Above every dashboard screen: the offline banner with the number of actions waiting, the
 * actions the server refused on replay (kept until the waiter taps Tamam), and a new version's
 * "Yenile" (offered only when nothing waits, so a reload never strands a queued order).
 */
export function OfflineBanner() {
  const state = useOfflineQueue();
  const queryClient = useQueryClient();
  const isUpdateReady = useUpdateReady();

  useEffect(() => offlineQueue().start(), []);
  // After a replay the server has the truth: the adisyon and the floor are fetched again.
  const wasReplaying = useRef(false);
  useEffect(() => {
    if (wasReplaying.current && !state.isReplaying) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.floor() });
    }
    wasReplaying.current = state.isReplaying;
  }, [state.isReplaying, queryClient]);

  const count = state.pending.length;
  return (
    <>
      {(state.isOffline || count > 0) && (
        <Alert color={state.isOffline ? 'orange' : 'blue'} variant="light" mb="sm" role="status" data-testid="offline-queue-banner" title={state.isOffline ? `⚠ ${OFFLINE_BANNER.offline}` : undefined}>
          <Stack gap={2}>
            {state.isOffline && <Text size="sm">{OFFLINE_BANNER.keepGoing}</Text>}
            {count > 0 && (
              <Text size="sm" fw={700} data-testid="offline-queue-count">
                {OFFLINE_BANNER.waiting(count)}
                {!state.isOffline && state.isReplaying ? ` · ${OFFLINE_BANNER.sending}` : ''}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {state.failed.length > 0 && (
        <Alert color="red" mb="sm" role="alert" title={OFFLINE_BANNER.failedTitle} data-testid="offline-failed">
          <Stack gap="xs">
            {state.failed.map((f) => (
              <Group key={f.key} justify="space-between" wrap="nowrap" align="flex-start" data-testid="offline-failed-item">
                <div>
                  <Text size="sm" fw={700}>
                    {f.reason}
                  </Text>
                  <Text size="sm">{f.advice}</Text>
                </div>
                <Button size="md" variant="white" color="red" onClick={() => void offlineQueue().dismiss(f.key)} aria-label={`${OFFLINE_BANNER.dismiss}: ${f.reason}`}>
                  {OFFLINE_BANNER.dismiss}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {isUpdateReady && (
        <Alert color="teal" mb="sm" role="status" data-testid="update-banner">
          {count > 0 ? (
            <Text size="sm">{OFFLINE_BANNER.updateLater}</Text>
          ) : (
            <Button size="md" color="teal" onClick={() => void takeUpdate()}>
              {OFFLINE_BANNER.update}
            </Button>
          )}
        </Alert>
      )}
    </>
  );
}
