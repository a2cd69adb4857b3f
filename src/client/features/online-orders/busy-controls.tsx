import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { PAUSE_MINUTE_CHOICES, type PlatformConnectionInfo } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS, type DeliveryPlatform } from '../../../shared/domain/channels';
import { platformConnectionsQuery } from './api/online-orders-queries';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId } from '../../api/restaurant';
import { useNow } from '../../components/use-now';
import { timeText } from './online-orders-text';
import { PlatformCalls } from './platform-calls';
import { pt } from './platform-text';
import { useOnceTrue } from './when-idle';
import { pausePlatform } from './api/online-orders-mutations';
import { ErrorNotice } from '../../components/error-notice';

// The dialog's code (Mantine's Modal, its focus trap) loads when Yoğunuz is first pressed: the inbox,
// where these buttons sit above 200 orders, does not wait for it on a reload.
const Modal = lazy(() => import('../../components/modal').then((m) => ({ default: m.Modal })));

/** A Yoğunuz still running (or still being sent) at `now`: its state is worth a line; an old one is not. */
function pauseLine(c: PlatformConnectionInfo, now: number): { text: string; isProblem: boolean } | null {
  const pause = c.lastPause;
  if (!pause) return null;
  const until = Date.parse(pause.requestedAt) + pause.minutes * 60_000;
  if (until <= now) return null;
  const name = ONLINE_ORDER_SOURCE_LABELS[c.platform];
  if (pause.status === 'sent') return { text: pt.busySent(name, timeText(new Date(until).toISOString())), isProblem: false };
  if (pause.status === 'pending') return { text: pt.busySending(name, pause.minutes), isProblem: false };
  if (pause.status === 'failing') return { text: pt.busyFailing(name, pause.lastError), isProblem: true };
  return { text: pt.busyDead(name), isProblem: true };
}

/**
 * Yoğunuz on the inbox: per connected platform, stop receiving its orders for 15 to 60 minutes.
 * The call goes through the outbox; whether it reached the platform shows below the buttons, a
 * failure in red (the outbox keeps trying; given up, the owner phones the platform).
 */
export function BusyControls({ onDone }: { onDone(message: string): void }) {
  const qc = useQueryClient();
  const connections = useQuery(platformConnectionsQuery());
  const now = useNow(15_000);
  const [choosing, setChoosing] = useState<DeliveryPlatform | null>(null);
  const pressed = useOnceTrue(choosing !== null);
  const pause = useMutation({
    mutationFn: ({ platform, minutes }: { platform: DeliveryPlatform; minutes: number }) => pausePlatform(platform, { minutes }),
    onSuccess: async (_, { platform, minutes }) => {
      setChoosing(null);
      onDone(pt.busyDone(ONLINE_ORDER_SOURCE_LABELS[platform], minutes));
      await qc.invalidateQueries({ queryKey: queryKeys.platformConnections(currentRestaurantId()) });
    },
  });
  const connected = (connections.data ?? []).filter((c) => c.enabled);
  if (connected.length === 0) return null;
  const lines = connected.map((c) => ({ platform: c.platform, line: pauseLine(c, now), calls: c.lastPause?.calls })).filter((l) => l.line !== null);
  const name = choosing ? ONLINE_ORDER_SOURCE_LABELS[choosing] : '';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {connected.map((c) => (
          <Button
            key={c.platform}
            size="md"
            variant="outline"
            color="dark"
            onClick={() => {
              pause.reset();
              setChoosing(c.platform);
            }}
          >
            {pt.busyFor(ONLINE_ORDER_SOURCE_LABELS[c.platform])}
          </Button>
        ))}
      </Group>
      {lines.map(({ platform, line, calls }) => (
        <div key={platform}>
          {line!.isProblem ? (
            <Alert color="red" role="alert" data-testid="pause-state">
              {line!.text}
            </Alert>
          ) : (
            <Text size="sm" data-testid="pause-state">
              {line!.text}
            </Text>
          )}
          {calls?.length ? <PlatformCalls title={pt.stepNames.pause} calls={calls} /> : null}
        </div>
      ))}
      {pressed && (
        <Suspense fallback={null}>
          <Modal opened={choosing !== null} onClose={() => setChoosing(null)} title={pt.busyTitle(name)} size="md">
            <Stack>
              <Text size="sm">{pt.busyHint}</Text>
              <Group gap="sm">
                {PAUSE_MINUTE_CHOICES.map((m) => (
                  <Button key={m} size="lg" color="dark" disabled={pause.isPending} onClick={() => choosing && pause.mutate({ platform: choosing, minutes: m })}>
                    {pt.busyMinutes(m)}
                  </Button>
                ))}
              </Group>
              <ErrorNotice error={pause.error} />
              <Button variant="default" size="lg" onClick={() => setChoosing(null)}>
                {pt.cancel}
              </Button>
            </Stack>
          </Modal>
        </Suspense>
      )}
    </Stack>
  );
}
