import { useRef } from 'react';

/**
 * Runs `task` once the page is idle after what it is drawing now, at the latest after `timeoutMs`
 * (Safari has no requestIdleCallback: half of it later); returns the cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeoutMs / 2);
  return () => clearTimeout(id);
}

/** True from the first render `value` is true on: a lazily loaded dialog stays mounted after it closes (its closing transition, a half-typed order). */
export function useOnceTrue(value: boolean): boolean {
  const once = useRef(false);
  if (value) once.current = true;
  return once.current;
}
