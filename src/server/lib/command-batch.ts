import { runCommand, type CommandActor, type CommandContext, type CommandDeps } from './command';

interface Waiting {
  actor: CommandActor;
  work: (c: CommandContext) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** More than this many waiting commands share a transaction only up to this many at a time. */
const MAX_BATCH = 50;

/**
 * Runs commands of one actor that arrive while an earlier one of theirs still runs in one shared
 * transaction: one restaurant lock, one commit, one flush to disk for all of them.
 *
 * Why: every command of a restaurant waits for its lock, and holds it through its commit's flush.
 * Orders arriving from the delivery platforms at a chain's peak (200 a second) then queue behind
 * each other one flush at a time, and any stall of the disk (a new WAL file) backs them up for
 * hundreds of milliseconds. Batched, a backlog drains in one commit. A command alone starts at once.
 *
 * A batch is all or nothing, so when one of its commands fails (a bad order), the batch is rolled
 * back and each command runs again alone: only the failing one fails.
 */
export function commandBatcher(deps: CommandDeps) {
  const queues = new Map<string, Waiting[]>();

  async function runBatch(batch: Waiting[]) {
    if (batch.length > 1) {
      try {
        const results = await runCommand(deps, batch[0].actor, async (c) => {
          const out: unknown[] = [];
          for (const one of batch) out.push(await one.work(c));
          return out;
        });
        batch.forEach((one, i) => one.resolve(results[i]));
        return;
      } catch {
        // one of them failed: run each alone below, so that only that one fails
      }
    }
    for (const one of batch) await runCommand(deps, one.actor, one.work).then(one.resolve, one.reject);
  }

  async function drain(key: string, queue: Waiting[]) {
    while (queue.length > 0) await runBatch(queue.splice(0, MAX_BATCH));
    queues.delete(key);
  }

  return function run<T>(actor: CommandActor, work: (c: CommandContext) => Promise<T>): Promise<T> {
    const key = `${actor.restaurantId}:${actor.role}:${actor.userId ?? ''}`;
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { actor, work, resolve: resolve as (value: unknown) => void, reject };
      const queue = queues.get(key);
      if (queue) return void queue.push(waiting);
      const fresh = [waiting];
      queues.set(key, fresh);
      void drain(key, fresh);
    });
  };
}
