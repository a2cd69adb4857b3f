import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { tr } from '../i18n/tr';

interface Props {
  /** the sentence under the title: a screen's or a dialog's */
  body?: string;
  onRetry: () => void;
  /** the way out: a link back to the role's first screen, or the dialog's Kapat */
  way?: ReactNode;
}

/** What a crashed screen or dialog shows: never a white page, always a way on. */
export function ErrorScreen({ body = tr.crash.body, onRetry, way }: Props) {
  return (
    <Center mih="40vh" p="md">
      <Stack align="center" maw={520} role="alert" data-testid="error-screen">
        <Title order={2} ta="center">
          {tr.crash.title}
        </Title>
        <Text ta="center">{body}</Text>
        <Group justify="center">
          <Button onClick={onRetry}>{tr.crash.retry}</Button>
          {way}
        </Group>
      </Stack>
    </Center>
  );
}
