/**
 * Counts failed logins per account and per client address in a sliding window. In memory: one
 * server process guards its own door; with several instances each one limits on its own
 * (see README, "Birden çok sunucu").
 */
export interface LoginLimiterOptions {
  /** failures allowed per key kind ('account', 'ip') within the window */
  maxFailures: Record<string, number>;
  windowMs: number;
  now?: () => number;
}

export class LoginLimiter {
  private failures = new Map<string, number[]>();
  constructor(private readonly options: LoginLimiterOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Keys are "kind:value", e.g. "account:ayse@lokanta.com" or "ip:10.0.0.7". */
  isBlocked(keys: string[]): boolean {
    return keys.some((k) => this.recent(k).length >= (this.options.maxFailures[k.split(':')[0]] ?? Infinity));
  }

  recordFailure(keys: string[]): void {
    for (const k of keys) this.failures.set(k, [...this.recent(k), this.now()]);
  }

  /** A successful login clears the account's count, not the address's (one shared counter PC). */
  clear(key: string): void {
    this.failures.delete(key);
  }
}
