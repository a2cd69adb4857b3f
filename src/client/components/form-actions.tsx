import { Alert, Button, Group } from '@mantine/core';

/** The foot of a modal form: the server's refusal (if any), then 'Vazgeç' and a submitting 'Kaydet'. */
export function FormActions({ error, isBusy, onCancel }: { error?: string | null; isBusy: boolean; onCancel(): void }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onCancel}>
          Vazgeç
        </Button>
        <Button type="submit" size="md" loading={isBusy}>
          Kaydet
        </Button>
      </Group>
    </>
  );
}
