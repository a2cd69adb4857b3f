import { Alert, Button, Group } from '@mantine/core';

interface Props {
  error?: string | null;
  isBusy: boolean;
  onCancel(): void;
  /** the main action's words ('Kaydet' unless told) and colour ('red' for a deletion) */
  submitLabel?: string;
  color?: string;
  /** a main action that is not a form submit (a confirmation) */
  onSubmit?(): void;
}

/** The foot of a modal form: the server's refusal (if any), then 'Vazgeç' and the main action. */
export function FormActions({ error, isBusy, onCancel, submitLabel = 'Kaydet', color, onSubmit }: Props) {
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
        <Button type={onSubmit ? 'button' : 'submit'} size="md" color={color} loading={isBusy} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
