/**
 * Runs password hashes a few at a time (each scrypt at N=2^17 holds 128 MiB while it runs) and keeps
 * the line short: one client (an address, or a known device) may hold only a few places, and the line
 * as a whole only so many. A request that would wait too long is refused at once, with a hint of when
 * to come back, instead of queueing for minutes behind a flood.
 */
export interface HashQueueOptions {
  /** hashes running at once */
  concurrency: number;
  /** places (running + waiting) one client may hold */
  maxPerClient: number;
  /** hashes waiting in total */
  maxWaiting: number;
}

/** `client`: this client holds too many places (429); `total`: the line is full (503). */
export class HashQueueFull extends Error {
  constructor(
    readonly scope: 'client' | 'total',
    readonly retryAfterSeconds: number,
  ) {
    super(`hash queue full (${scope})`);
  }
}

export class HashQueue {
  private running = 0;
  private waiting: (() => void)[] = [];
  private held = new Map<string, number>();
  /** a hash's usual duration, for Retry-After; starts at this machine class's ~400 ms */
  private averageMs = 400;

  constructor(readonly options: HashQueueOptions) {}

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Seconds until the line as it stands now has been worked off, at least 1. */
  private drainSeconds() {
    const rounds = (this.running + this.waiting.length) / this.options.concurrency;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }

  /**
   * Runs `task` when a place is free. `client` undefined is the server's own work (a new staff
   * member's password): it waits its turn but is never refused. Refusals throw HashQueueFull
   * before waiting, so the caller answers at once.
   */
  async run<T>(client: string | undefined, task: () => Promise<T>): Promise<T> {
    if (client !== undefined) {
      if ((this.held.get(client) ?? 0) >= this.options.maxPerClient) throw new HashQueueFull('client', this.drainSeconds());
      const mustWait = this.running >= this.options.concurrency;
      if (mustWait && this.waiting.length >= this.options.maxWaiting) throw new HashQueueFull('total', this.drainSeconds());
      this.held.set(client, (this.held.get(client) ?? 0) + 1);
    }
    try {
      // A finished hash hands its place straight to the next in line, so no newcomer slips in between.
      if (this.running < this.options.concurrency) this.running++;
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
      const started = performance.now();
      try {
        return await task();
      } finally {
        this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
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
