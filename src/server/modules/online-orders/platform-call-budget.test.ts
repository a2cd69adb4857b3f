import { CallBudgetSpent, CallBudgets, type CallBudget } from './platform-call-budget';
import { getir } from './platforms/getir';
import { trendyol } from './platforms/trendyol';

/*
 * The platforms' published rate limits, counted on our side (platform-call-budget.ts), with Getir's
 * budgets as its documentation states them (getir.ts › GETIR_BUDGETS).
 */

let now = Date.parse('2026-11-28T12:00:00Z');
const budgets = () => new CallBudgets(() => now);
const spent = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof CallBudgetSpent) return err;
    throw err;
  }
};

describe('a platform’s call budget', () => {
  const TWO_A_MINUTE: CallBudget[] = [{ name: 'two', matches: (_m, p) => p.startsWith('/restaurants'), limit: 2, windowMs: 60_000 }];

  it('lets the limit through in a window, refuses the next with the moment it fits, and lets it through then', () => {
    const b = budgets();
    b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close');
    now += 10_000;
    b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close');
    now += 10_000;
    const third = spent(() => b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close'));
    expect(third?.retryAt).toBe(now - 20_000 + 60_000);
    // a refused call is not counted: at the moment given, the first has left the window
    now = third!.retryAt - 1;
    expect(spent(() => b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close'))).not.toBeNull();
    now = third!.retryAt;
    expect(spent(() => b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close'))).toBeNull();
  });

  it('counts per token and only the calls its budget names (the query string aside)', () => {
    const b = budgets();
    b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close');
    b.take('token-1', TWO_A_MINUTE, 'PUT', '/restaurants/status/close?x=1');
    expect(spent(() => b.take('token-2', TWO_A_MINUTE, 'PUT', '/restaurants/status/close'))).toBeNull();
    for (let i = 0; i < 10; i++) expect(spent(() => b.take('token-1', TWO_A_MINUTE, 'POST', '/food-orders/1/verify'))).toBeNull();
    expect(spent(() => b.take('token-1', undefined, 'PUT', '/restaurants/status/close'))).toBeNull();
  });
});

describe('Getir’s budgets', () => {
  const take = (b: CallBudgets, method: string, path: string) => spent(() => b.take('getir-token', getir.callBudgets, method, path));

  it('allow the restaurant surface two calls a minute (closing for a while is one of them)', () => {
    const b = budgets();
    expect(take(b, 'PUT', '/restaurants/status/close')).toBeNull();
    expect(take(b, 'PUT', '/restaurants/status/close')).toBeNull();
    expect(take(b, 'PUT', '/restaurants/status/close')?.budget).toMatch(/2\/dk/);
    // the other endpoints keep their own budgets
    expect(take(b, 'GET', '/payment-methods')).toBeNull();
  });

  it('allow forty cancel-options reads in ten minutes', () => {
    const b = budgets();
    for (let i = 0; i < 40; i++) expect(take(b, 'GET', `/food-orders/o${i}/cancel-options`)).toBeNull();
    expect(take(b, 'GET', '/food-orders/o40/cancel-options')?.retryAt).toBe(now + 600_000);
  });

  it('never hold back the order steps Getir exempts, and hold the rest to 300 a minute', () => {
    const b = budgets();
    for (let i = 0; i < 400; i++) for (const step of ['verify', 'prepare', 'handover', 'deliver', 'cancel']) expect(take(b, 'POST', `/food-orders/o${i}/${step}`)).toBeNull();
    for (let i = 0; i < 300; i++) expect(take(b, 'POST', `/food-orders/o${i}/verify-scheduled`)).toBeNull();
    expect(take(b, 'POST', '/food-orders/o300/verify-scheduled')).not.toBeNull();
  });
});

describe('Trendyol’s budget', () => {
  it('allows the package list fifty reads in ten seconds, and leaves the status calls alone', () => {
    const b = budgets();
    const path = '/integrator/order/meal/suppliers/3344/packages';
    for (let i = 0; i < 50; i++) expect(spent(() => b.take('ty', trendyol.callBudgets, 'GET', `${path}?page=${i}`))).toBeNull();
    expect(spent(() => b.take('ty', trendyol.callBudgets, 'GET', path))?.retryAt).toBe(now + 10_000);
    expect(spent(() => b.take('ty', trendyol.callBudgets, 'PUT', '/integrator/order/meal/suppliers/3344/packages/picked'))).toBeNull();
  });
});
