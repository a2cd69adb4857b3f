/**
 * A platform's published rate limits, kept on our side so that Sofra never spends a budget the
 * platform would punish (Getir blocks the whole token for 20–60 s once a budget is over). Each
 * adapter lists its budgets (PlatformAdapter.callBudgets); a call is counted against the first that
 * names its path, per credentials (the platforms count per token), over a sliding window. A call
 * that would go over is not made: it throws CallBudgetSpent with the moment the window lets it
 * through, and the outbox sends it then, without counting a failure.
 */

export interface CallBudget {
  /** how the platform's documents name the family of calls */
  name: string;
  matches(method: string, path: string): boolean;
  /** calls allowed per window; null = exempt from the platform's limiter */
  limit: number | null;
  windowMs: number;
}

export class CallBudgetSpent extends Error {
  constructor(
    readonly budget: string,
    /** the earliest moment (ms) the call fits in the window again */
    readonly retryAt: number,
  ) {
    super(`Platformun çağrı sınırı doldu (${budget}): ${new Date(retryAt).toISOString()} sonrasına bırakıldı`);
  }
}

export class CallBudgets {
  private readonly spent = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts one call of `scope` (the credentials) to `method path` against the first budget that
   * names it, or throws CallBudgetSpent without counting it.
   */
  take(scope: string, budgets: readonly CallBudget[] | undefined, method: string, path: string) {
    const budget = budgets?.find((b) => b.matches(method, path.split('?')[0]));
    if (!budget || budget.limit === null) return;
    const key = `${scope}|${budget.name}`;
    const now = this.now();
    const inWindow = (this.spent.get(key) ?? []).filter((at) => at > now - budget.windowMs);
    if (inWindow.length >= budget.limit) throw new CallBudgetSpent(budget.name, inWindow[0] + budget.windowMs);
    inWindow.push(now);
    this.spent.set(key, inWindow);
  }
}
