import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageFor } from '../../api/field-errors';
import { sofraSecretQuery } from './api/online-orders-queries';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId } from '../../api/restaurant';
import { Modal } from '../../components/modal';
import classes from './online-orders.module.css';
import { ot } from './online-orders-text';
import { rotateSofraSecret } from './api/online-orders-mutations';
import { ErrorNotice } from '../../components/error-notice';

/**
 * Kendi Kanalımız: where the restaurant's website sends its orders and the secret it signs them
 * with. The secret is hidden until asked for (a screen may be seen by guests); rotating it asks
 * first, because the website stops getting through until it has the new one.
 */
export function SofraChannelSection() {
  const qc = useQueryClient();
  const secret = useQuery(sofraSecretQuery());
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: rotateSofraSecret,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.sofraSecret(currentRestaurantId()) });
      setConfirming(false);
      setShown(true);
      setNotice(ot.rotated);
    },
  });
  const endpoint = `${window.location.origin}/api/integrations/sofra/${currentRestaurantId()}/orders`;
  const value = secret.data?.secret ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sofra-channel-title">
      <Stack gap="sm">
        <Title order={3} id="sofra-channel-title" size="h4">
          {ot.channelTitle}
        </Title>
        <Text size="sm">{ot.channelHint}</Text>
        <div>
          <Text fw={600}>{ot.endpoint}</Text>
          <Code block className={classes.secret}>
            POST {endpoint}
          </Code>
        </div>
        <div>
          <Text fw={600}>{ot.secret}</Text>
          {secret.isError ? (
            <Alert color="red" role="alert">
              {messageFor(secret.error)}
            </Alert>
          ) : value === null ? (
            <Text size="sm">{ot.noSecret}</Text>
          ) : (
            <Code block className={classes.secret} data-testid="sofra-secret">
              {shown ? value : '*'.repeat(24)}
            </Code>
          )}
        </div>
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
        <Group gap="sm">
          {value !== null && (
            <Button variant="default" size="md" onClick={() => setShown((s) => !s)}>
              {shown ? ot.hideSecret : ot.showSecret}
            </Button>
          )}
          <Button size="md" color="dark" onClick={() => (value === null ? rotate.mutate() : setConfirming(true))} loading={rotate.isPending && !confirming}>
            {value === null ? ot.createSecret : ot.rotateSecret}
          </Button>
          <Button component="a" href="/api/docs" target="_blank" rel="noopener" variant="subtle" size="md">
            {ot.docs}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={ot.rotateSecret}>
        <Stack>
          <Text>{ot.rotateConfirm}</Text>
          <ErrorNotice error={rotate.error} />
          <Group grow>
            <Button variant="default" size="lg" onClick={() => setConfirming(false)}>
              {ot.cancel}
            </Button>
            <Button color="red.9" size="lg" loading={rotate.isPending} onClick={() => rotate.mutate()}>
              {ot.rotateYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
