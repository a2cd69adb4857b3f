import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { reportClientError } from '../api/client-errors';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorScreen } from '../components/error-screen';

interface Props {
  /** the way back from a crash (the role's first screen): where, and the link's words */
  home: { to: string; text: string };
  children: ReactNode;
}

/**
 * Around the routed screen, inside the dashboard layout: a screen that throws shows the error
 * screen while the sidebar stays usable, and going to another screen puts it away.
 * Yeniden Dene drops the cached server data and fetches it again: a crash caused by a cache entry
 * in an unexpected shape would otherwise come straight back.
 */
export function ScreenErrorBoundary({ home, children }: Props) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onError={(error, info) => reportClientError(error, pathname, info.componentStack)}
      fallback={({ reset }) => (
        <ErrorScreen
          onRetry={() => {
            void queryClient.resetQueries();
            reset();
          }}
          way={
            <Button component={Link} to={home.to} variant="default" onClick={reset}>
              {home.text}
            </Button>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
