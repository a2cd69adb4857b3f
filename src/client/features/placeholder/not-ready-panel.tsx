import { Paper, Text, Title } from '@mantine/core';
import { tr } from '../../i18n/tr';

/** An honest stand-in for a screen a later release delivers: no fake data. */
export function NotReadyPanel({ title }: { title: string }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Text fw={600}>{tr.notReady.title}</Text>
      <Text c="dimmed" mt="xs">
        {tr.notReady.body}
      </Text>
    </Paper>
  );
}
