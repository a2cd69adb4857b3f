import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFull } from './hash-queue';

/** A task that runs until the test lets it finish. */
function gated() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve('ok');
    fail = reject;
  });
  let started = false;
  return {
    task: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish,
    fail,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof HashQueueFull)) throw new Error(`expected HashQueueFull, got ${String(err)}`);
  return err;
}

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks at once and the rest in arrival order', async () => {
    const queue = new HashQueue({ concurrency: 2, maxPerClient: 10, maxWaiting: 10 });
    const tasks = [gated(), gated(), gated(), gated()];
    const runs = tasks.map((t, i) => queue.run(`c${i}`, t.task));
    await flush();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false]);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    tasks[1].finish();
    await flush();
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false]);
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('hands a finished place to the next in line, so a newcomer cannot push past the limit', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 10, maxWaiting: 10 });
    const first = gated();
    const second = gated();
    const late = gated();
    const runs = [queue.run('a', first.task), queue.run('b', second.task)];
    await flush();
    first.finish();
    await runs[0];
    // The place went to `second`; a request arriving now must wait, not run beside it.
    runs.push(queue.run('c', late.task));
    await flush();
    expect(second.started).toBe(true);
    expect(late.started).toBe(false);
    second.finish();
    late.finish();
    await Promise.all(runs);
  });

  it('refuses a client that already holds its places, at once, while others still get in', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 2, maxWaiting: 10 });
    const held = [gated(), gated()];
    const runs = held.map((t) => queue.run('ip:1', t.task));
    const err = await refusal(queue.run('ip:1', gated().task));
    expect(err.scope).toBe('client');
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const other = gated();
    const otherRun = queue.run('ip:2', other.task);
    for (const t of held) t.finish();
    other.finish();
    await Promise.all([...runs, otherRun]);
    // Its places are free again once its tasks are done.
    await queue.run('ip:1', async () => 'again');
  });

  it('refuses anyone once the line is full, but never the server’s own work', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 5, maxWaiting: 2 });
    const held = [gated(), gated(), gated()];
    const runs = held.map((t, i) => queue.run(`c${i}`, t.task));
    const err = await refusal(queue.run('newcomer', gated().task));
    expect(err.scope).toBe('total');
    const own = gated();
    runs.push(queue.run(undefined, own.task));
    for (const t of [...held, own]) t.finish();
    await Promise.all(runs);
  });

  it('frees the place of a task that failed', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 1, maxWaiting: 1 });
    const failing = gated();
    const run = queue.run('a', failing.task);
    failing.fail(new Error('scrypt failed'));
    await expect(run).rejects.toThrow('scrypt failed');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});

describe('HashQueue with a wait limit', () => {
  it('refuses a client whose own backlog would wait longer than maxWaitMs, never a newcomer', async () => {
    // Nothing has finished yet, so the estimate uses the starting duration of 400 ms per hash.
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 5, maxWaiting: 10, maxWaitMs: 1000 });
    const held = [gated(), gated(), gated()];
    const runs = held.map((t, i) => queue.run(`c${i}`, t.task));
    // c0 holds the running place; its next task would wait for it, c1 and c2: 3 hashes = 1200 ms.
    const err = await refusal(queue.run('c0', gated().task));
    expect(err.scope).toBe('client');
    expect(err.retryAfterSeconds).toBe(2);
    // A newcomer waits for one hash per client ahead (1200 ms here), and is let in all the same.
    const newcomer = gated();
    runs.push(queue.run('newcomer', newcomer.task));
    await flush();
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    for (const t of [...held, newcomer]) t.finish();
    await Promise.all(runs);
  });
});

describe('HashQueue fairness', () => {
  it('serves waiting clients in turn, so a newcomer does not wait behind another client’s backlog', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 10, maxWaiting: 10 });
    const started: string[] = [];
    const tasks = new Map<string, ReturnType<typeof gated>>();
    const enqueue = (client: string, name: string) => {
      const t = gated();
      tasks.set(name, t);
      return queue.run(client, () => {
        started.push(name);
        return t.task();
      });
    };
    const runs = [enqueue('flood', 'f1'), enqueue('flood', 'f2'), enqueue('flood', 'f3'), enqueue('flood', 'f4'), enqueue('owner', 'o1')];
    await flush();
    for (const name of ['f1', 'f2', 'o1', 'f3', 'f4']) {
      expect(started.at(-1)).toBe(name);
      tasks.get(name)!.finish();
      await flush();
    }
    await Promise.all(runs);
    expect(started).toEqual(['f1', 'f2', 'o1', 'f3', 'f4']);
  });

  it('reckons a waiting client’s next hash behind one of another client’s per round, never behind that client’s whole backlog', async () => {
    // 400 ms per hash until one finishes: the flood runs one and has four waiting
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 10, maxWaiting: 10, maxWaitMs: 1600 });
    const tasks = [gated(), gated(), gated(), gated(), gated(), gated(), gated()];
    const runs = tasks.slice(0, 5).map((t) => queue.run('flood', t.task));
    runs.push(queue.run('owner', tasks[5].task));
    await flush();
    // the owner's second hash: the running one, its own first, and two of the flood's (one per
    // round until its turn) = 4 × 400 ms, within 1600 ms; the flood's four would make it 2400
    runs.push(queue.run('owner', tasks[6].task));
    await flush();
    expect(queue.size).toEqual({ running: 1, waiting: 6 });
    for (const t of tasks) t.finish();
    await Promise.all(runs);
  });

  it('lets a newcomer in by its own expected wait, even when one client has used up the time budget', async () => {
    // 400 ms per hash until one finishes; one client holds the running place and 2 waiting ones.
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 10, maxWaiting: 10, maxWaitMs: 1000 });
    const flood = [gated(), gated(), gated()];
    const runs = flood.map((t) => queue.run('flood', t.task));
    // The flood's own next task would wait for 3 hashes (1200 ms): refused as the flood's own doing.
    expect((await refusal(queue.run('flood', gated().task))).scope).toBe('client');
    // A newcomer waits for the running one and one flood task (800 ms): let in.
    const owner = gated();
    runs.push(queue.run('owner', owner.task));
    await flush();
    expect(queue.size.waiting).toBe(3);
    for (const t of [...flood, owner]) t.finish();
    await Promise.all(runs);
  });
});

describe('HashQueue at its limits', () => {
  it('lets a client that already waits queue one more while the line is full: the line counts clients, not tasks', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 3, maxWaiting: 1 });
    const tasks = [gated(), gated(), gated()];
    const runs = [queue.run('a', tasks[0].task), queue.run('b', tasks[1].task)];
    await flush();
    // the line holds one client (b): a newcomer is refused, b's second task is not
    expect((await refusal(queue.run('c', gated().task))).scope).toBe('total');
    runs.push(queue.run('b', tasks[2].task));
    await flush();
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a client in whose own backlog waits exactly maxWaitMs, and refuses it one hash later', async () => {
    // no hash has finished yet: each is reckoned at the starting 400 ms
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 10, maxWaiting: 10, maxWaitMs: 400 });
    const tasks = [gated(), gated()];
    const runs = [queue.run('a', tasks[0].task)];
    await flush();
    // one hash ahead (its own running one): 400 ms, not more than the limit
    runs.push(queue.run('a', tasks[1].task));
    await flush();
    // two ahead now: 800 ms
    expect((await refusal(queue.run('a', gated().task))).scope).toBe('client');
    for (const t of tasks) t.finish();
    await Promise.all(runs);
  });

  it('tells a refused client to come back when the whole line has been worked off, in whole seconds', async () => {
    // three hashes running or waiting, one at a time, at 400 ms each: 1,2 s → 2 s
    const queue = new HashQueue({ concurrency: 1, maxPerClient: 5, maxWaiting: 2 });
    const held = [gated(), gated(), gated()];
    const runs = held.map((t, i) => queue.run(`c${i}`, t.task));
    await flush();
    expect((await refusal(queue.run('newcomer', gated().task))).retryAfterSeconds).toBe(2);
    // two places at once halve it: 0,6 s → 1 s, never less
    const wide = new HashQueue({ concurrency: 2, maxPerClient: 1, maxWaiting: 10 });
    const two = [gated(), gated(), gated()];
    const wideRuns = two.map((t, i) => wide.run(`w${i}`, t.task));
    await flush();
    expect((await refusal(wide.run('w0', gated().task))).retryAfterSeconds).toBe(1);
    for (const t of [...held, ...two]) t.finish();
    await Promise.all([...runs, ...wideRuns]);
  });
});
