/**
 * Counts password attempts per key ("account:…", "ip:…", "device:…") in a sliding window. An
 * attempt is counted *before* its password is checked (a reservation) and handed back only when
 * the password turned out right, so however many guesses arrive at once, at most the allowed number
 * of wrong passwords is ever evaluated per window.
 *
 * In memory: one server process guards its own door; with several instances each one limits on
 * its own (see docs/configuration.md, "Giriş koruması").
 */
export interface LoginLimiterOptions {
  /** attempts allowed per key kind (the part before the first ':') within the window */
  maxFailures: Record<string, number>;
  windowMs: number;
  now?: () => number;
}

export type Reservation =
  | { ok: true; /** the password was right, or never checked: the attempt does not count */ release(): void; /** it was wrong */ fail(): void }
  | { ok: false; retryAfterSeconds: number };

interface Attempt {
  at: number;
  /** still being checked */
  pending: boolean;
}

export class LoginLimiter {
  /** per key: failed attempts and attempts still being checked */
  private attempts = new Map<string, Attempt[]>();
  private reservations = 0;
  constructor(private readonly options: LoginLimiterOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private limitOf(key: string) {
    return this.options.maxFailures[key.slice(0, key.indexOf(':'))] ?? Infinity;
  }

  private recent(key: string): Attempt[] {
    const since = this.now() - this.options.windowMs;
    const kept = (this.attempts.get(key) ?? []).filter((a) => a.at > since);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  /**
   * Takes one attempt on every key, or none when any key is used up (then says when the oldest
   * attempt leaves the window). Synchronous, so concurrent requests cannot both take the last slot.
   */
  reserve(keys: string[]): Reservation {
    if (++this.reservations % 1000 === 0) this.forgetOld();
    const full = keys.map((k) => this.recent(k)).filter((attempts, i) => attempts.length >= this.limitOf(keys[i]));
    if (full.length > 0) {
      const freeAt = Math.max(...full.map((attempts) => attempts[0].at + this.options.windowMs));
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - this.now()) / 1000)) };
    }
    const attempt: Attempt = { at: this.now(), pending: true };
    for (const k of keys) this.attempts.set(k, [...this.recent(k), attempt]);
    return {
      ok: true,
      release: () => {
        for (const k of keys) {
          const attempts = this.attempts.get(k);
          const i = attempts?.indexOf(attempt) ?? -1;
          if (attempts && i >= 0) attempts.splice(i, 1);
        }
      },
      fail: () => {
        attempt.pending = false;
      },
    };
  }

  /** Keys nobody asked about again (made-up emails) would otherwise stay in memory for good. */
  private forgetOld() {
    for (const key of [...this.attempts.keys()]) this.recent(key);
  }

  isBlocked(keys: string[]): boolean {
    return keys.some((k) => this.recent(k).length >= this.limitOf(k));
  }

  /**
   * A successful login clears the account's failures, not the address's (one shared counter PC).
   * Attempts still being checked stay counted: a right password must not free slots for guesses
   * already on their way.
   */
  clear(key: string): void {
    const pending = (this.attempts.get(key) ?? []).filter((a) => a.pending);
    if (pending.length) this.attempts.set(key, pending);
    else this.attempts.delete(key);
  }
}
