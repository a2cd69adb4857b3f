/**
 * How many crash reports one browser session, and one address, may send in a window. A screen
 * that throws on every render, or a script posting in a loop, must not fill the server's log; the
 * first reports of a real crash are all anyone needs. In memory, per server process.
 */
export interface ReportLimits {
  perSession: number;
  perAddress: number;
  windowMs: number;
  now?: () => number;
}

export const REPORT_LIMITS: ReportLimits = { perSession: 10, perAddress: 60, windowMs: 10 * 60_000 };

interface Window {
  startedAt: number;
  count: number;
}

export class ReportLimiter {
  private windows = new Map<string, Window>();
  constructor(private readonly limits: ReportLimits = REPORT_LIMITS) {}

  private now() {
    return this.limits.now?.() ?? Date.now();
  }

  /** Counts one report on both keys; false (nothing counted) when either is used up. */
  take(sessionId: string, address: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    this.forgetOld(now);
    const keys: [string, number][] = [
      [`session:${sessionId}`, this.limits.perSession],
      [`ip:${address}`, this.limits.perAddress],
    ];
    const current = keys.map(([key]) => this.windows.get(key) ?? { startedAt: now, count: 0 });
    const full = current.find((w, i) => w.count >= keys[i][1]);
    if (full) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((full.startedAt + this.limits.windowMs - now) / 1000)) };
    keys.forEach(([key], i) => this.windows.set(key, { ...current[i], count: current[i].count + 1 }));
    return { ok: true };
  }

  /** Windows that ended are dropped, so the map holds only who reported lately. */
  private forgetOld(now: number) {
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.limits.windowMs) this.windows.delete(key);
  }
}
