import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one loading sign: a status region with a Turkish name. */
export const Loading = () => <Loader role="status" aria-label="Yükleniyor..." />;

/**
 * A read's three faces: the loading sign while it is on its way, the server's Turkish message when
 * it failed, and `children(data)` once there is data.
 */
export function Loaded<T>({ query, children }: { query: { data: T | undefined; isPending: boolean; error: Error | null }; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.data === undefined)
    return (
      <Alert color="red" role="alert">
        {query.error?.message}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
