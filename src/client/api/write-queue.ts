/**
 * One ticket's writes, one after another. Every ticket write carries the version the previous
 * write produced, so two quick taps must not both start from the same version (the second would
 * be refused as stale). A failed write does not stop the ones queued after it.
 */
export function createWriteQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    /** Runs `task` after every task queued before it has settled; resolves with its result. */
    run<T>(task: () => Promise<T>): Promise<T> {
      waiting += 1;
      const result = tail.then(task, task);
      tail = result.then(
        () => void (waiting -= 1),
        () => void (waiting -= 1),
      );
      return result;
    },
    /** Tasks queued or running. */
    get size() {
      return waiting;
    },
  };
}
