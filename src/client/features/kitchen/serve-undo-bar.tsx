import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import classes from './kitchen.module.css';
import { kt } from './kitchen-text';

/** How long Geri Al is offered; the server still accepts it a while longer (SERVE_UNDO_SECONDS). */
export const UNDO_OFFER_MS = 10_000;

export interface ServedUndo {
  ticketId: string;
  lineIds: string[];
  /** "Masa 3: 2 × Adana" */
  what: string;
}

interface Props {
  served: ServedUndo;
  isBusy: boolean;
  onUndo(): void;
  onExpire(): void;
}

/** After Servis Edildi: a notice with Geri Al for a few seconds, for a mistaken tap. */
export function ServeUndoBar({ served, isBusy, onUndo, onExpire }: Props) {
  useEffect(() => {
    const timer = setTimeout(onExpire, UNDO_OFFER_MS);
    return () => clearTimeout(timer);
  }, [served, onExpire]);
  return (
    <Paper className={classes.undoBar} p="sm" radius="md" role="status" data-testid="serve-undo">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={500}>{kt.servedNotice(served.what)}</Text>
        <Button size="md" variant="white" color="dark" onClick={onUndo} loading={isBusy}>
          ↩ {kt.undoServe}
        </Button>
      </Group>
    </Paper>
  );
}
