import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/modal';
import type { ReactNode } from 'react';

interface Removal {
  mutateAsync(id: string): Promise<unknown>;
  isPending: boolean;
  error: Error | null;
}

/** "Are you sure?" before deleting a menu record; the server's refusal (if any) shows inside. */
export function ConfirmDeleteModal<T extends { id: string }>(props: {
  target: T | null;
  title: string;
  message(target: T): ReactNode;
  remove: Removal;
  onClose(): void;
}) {
  const { target, title, message, remove, onClose } = props;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {target && (
        <Stack>
          <Text>{message(target)}</Text>
          {remove.error && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Vazgeç
            </Button>
            <Button color="red" size="md" loading={remove.isPending} onClick={() => remove.mutateAsync(target.id).then(onClose, () => {})}>
              Sil
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
