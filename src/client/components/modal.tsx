import { Button, Modal as MantineModal, type ModalProps } from '@mantine/core';
import { reportClientError } from '../api/client-errors';
import { tr } from '../i18n/tr';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';

/**
 * Every dialog of the app: Mantine's Modal with its content behind an error boundary, so a dialog
 * that throws shows a message in its place (Yeniden Dene, Kapat) and the screen under it keeps
 * working. (The address comes from window.location: dialogs are also tested without a router.)
 * Features import Modal from here, never from '@mantine/core' (guard-conventions.test.ts).
 */
export function Modal({ children, ...props }: ModalProps) {
  return (
    <MantineModal {...props}>
      <ErrorBoundary
        resetKeys={[props.opened]}
        onError={(error, info) => reportClientError(error, window.location.pathname, info.componentStack)}
        fallback={({ reset }) => (
          <ErrorScreen
            body={tr.crash.dialogBody}
            onRetry={reset}
            way={
              <Button variant="default" onClick={props.onClose}>
                {tr.crash.close}
              </Button>
            }
          />
        )}
      >
        {children}
      </ErrorBoundary>
    </MantineModal>
  );
}
