import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { tr } from '../i18n/tr';

export const CHUNK_TIMEOUT_MS = 120_000;

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;
type State<P> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; Component: ComponentType<P> };

class ChunkTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeout()), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * Loads a route tree on demand, like React.lazy, but a chunk that fails or takes longer than
 * 120 s ends in a Turkish message with a retry instead of a blank screen.
 */
export function ChunkRoute<P extends object>({ load, props }: { load: Loader<P>; props?: P }) {
  const [state, setState] = useState<State<P>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    withTimeout(load(), CHUNK_TIMEOUT_MS).then(
      (mod) => isCurrent && setState({ status: 'ready', Component: mod.default }),
      (err) => {
        if (!isCurrent) return;
        console.error('Chunk load failed', err);
        setState({ status: 'failed', message: err instanceof ChunkTimeout ? tr.chunk.timedOut : tr.chunk.failed });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'ready') return <state.Component {...(props as P)} />;
  if (state.status === 'failed') {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" role="alert">
          <Text ta="center">{state.message}</Text>
          <Button onClick={retry}>{tr.chunk.retry}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh" role="status">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text>{tr.loading}</Text>
      </Stack>
    </Center>
  );
}
