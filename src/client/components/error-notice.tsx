import { Alert } from '@mantine/core';
import { messageFor } from '../api/field-errors';

/** A failed request's Turkish message in red, announced to screen readers; nothing while there is none. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {messageFor(error)}
    </Alert>
  );
}
