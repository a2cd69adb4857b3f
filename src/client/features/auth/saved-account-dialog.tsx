import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { tr } from '../../i18n/tr';
import classes from './login-page.module.css';

/**
 * 'Kayıtlı hesap ile giriş yapmak ister misiniz?' — a native modal <dialog>: focus trap and Escape
 * for free, and none of the UI kit's modal code on the login page.
 */
export function SavedAccountDialog({ email, onYes, onNo }: { email: string | null; onYes(): void; onNo(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (email !== null && !dialog.open) dialog.showModal();
    if (email === null && dialog.open) dialog.close();
  }, [email]);

  return (
    <dialog ref={ref} className={classes.dialog} aria-labelledby="saved-account-question" onCancel={onNo}>
      <Text id="saved-account-question" fw={600}>
        {tr.login.savedQuestion}
      </Text>
      <Text mt="xs" data-testid="saved-email">
        {email}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onNo}>
          {tr.login.no}
        </Button>
        <Button onClick={onYes} autoFocus>
          {tr.login.yes}
        </Button>
      </Group>
    </dialog>
  );
}
