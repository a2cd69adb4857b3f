/**
 * Runs password hashes a few at a time (each scrypt at N=2^17 holds 128 MiB while it runs) and keeps
 * the line short and fair: one client (an address, or a known device) may hold only a few places,
 * waiting clients are served in turn, so a client holding no place waits for at most one hash per
 * other client, never for a flood's backlog, and is let in however slow the hashes are. A client
 * whose own backlog would make it wait too long is refused at once (429, with a hint of when to
 * come back); only a crowd of many clients fills the line for everyone (503).
 */
export interface HashQueueOptions {
  /** hashes running at once */
  concurrency: number;
  /** places (running + waiting) one client may hold */
  maxPerClient: number;
  /** clients waiting in turn; one more is refused (each holds at most maxPerClient places) */
  maxWaiting: number;
  /**
   * Refuse a client that already holds a place when its next task would wait longer (the line
   * ahead of it at the recent hash duration): its own backlog, not the others', is what waits.
   */
  maxWaitMs?: number;
}

/** `client`: this client holds too many places or waits too long on its own backlog (429); `total`: the line is full (503). */
export class HashQueueFull extends Error {
  constructor(
    readonly scope: 'client' | 'total',
    readonly retryAfterSeconds: number,
  ) {
    super(`hash queue full (${scope})`);
  }
}

/** The line of the server's own work (client undefined). */
const SERVER = '\u0000server';

export class HashQueue {
  private running = 0;
  /** waiting tasks per client, served in turn: one per client per round */
  private lines = new Map<string, (() => void)[]>();
  private waitingCount = 0;
  private held = new Map<string, number>();
  /** a hash's recent duration (moving average), for the wait estimate; starts at a 2-core PC's ~400 ms */
  private averageMs = 400;

  constructor(readonly options: HashQueueOptions) {}

  get size() {
    return { running: this.running, waiting: this.waitingCount };
  }

  /**
   * Hashes ahead of a new task of `client`: the running ones, the client's own waiting ones, and
   * for every other client at most one per round until this task's turn.
   */
  private aheadOf(client: string) {
    const own = this.lines.get(client)?.length ?? 0;
    let others = 0;
    for (const [key, line] of this.lines) if (key !== client) others += Math.min(line.length, own + 1);
    return this.running + own + others;
  }

  private msFor(hashes: number) {
    return (hashes / this.options.concurrency) * this.averageMs;
  }

  /** Seconds until the whole line as it stands now has been worked off, at least 1. */
  private drainSeconds() {
    return Math.max(1, Math.ceil(this.msFor(this.running + this.waitingCount) / 1000));
  }

  private wait(client: string) {
    return new Promise<void>((resolve) => {
      const line = this.lines.get(client);
      if (line) line.push(resolve);
      else this.lines.set(client, [resolve]);
      this.waitingCount++;
    });
  }

  /** Hands a finished task's place to the next client in turn (Map order: moved to the back once served). */
  private handOver(): boolean {
    const first = this.lines.entries().next();
    if (first.done) return false;
    const [client, line] = first.value;
    const next = line.shift()!;
    this.lines.delete(client);
    if (line.length > 0) this.lines.set(client, line);
    this.waitingCount--;
    next();
    return true;
  }

  /**
   * Runs `task` when a place is free. `client` undefined is the server's own work (a new staff
   * member's password): it waits its turn but is never refused. Refusals throw HashQueueFull
   * before waiting, so the caller answers at once.
   */
  async run<T>(client: string | undefined, task: () => Promise<T>): Promise<T> {
    const key = client ?? SERVER;
    if (client !== undefined) {
      const holds = this.held.get(client) ?? 0;
      if (holds >= this.options.maxPerClient) throw new HashQueueFull('client', this.drainSeconds());
      if (this.running >= this.options.concurrency) {
        if (holds > 0 && this.msFor(this.aheadOf(key)) > (this.options.maxWaitMs ?? Infinity)) throw new HashQueueFull('client', this.drainSeconds());
        if (holds === 0 && this.lines.size >= this.options.maxWaiting) throw new HashQueueFull('total', this.drainSeconds());
      }
      this.held.set(client, holds + 1);
    }
    try {
      // A finished hash hands its place straight to the next in turn, so no newcomer slips in between.
      if (this.running < this.options.concurrency) this.running++;
      else await this.wait(key);
      const started = performance.now();
      try {
        return await task();
      } finally {
        this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
        if (!this.handOver()) this.running--;
      }
    } finally {
      if (client !== undefined) {
        const left = (this.held.get(client) ?? 1) - 1;
        if (left > 0) this.held.set(client, left);
        else this.held.delete(client);
      }
    }
  }
}
