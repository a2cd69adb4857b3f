import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

/** A limiter on a hand-moved clock: one failure per account, two per address, in a minute. */
function limiterAt(start = 0) {
  let now = start;
  const limiter = new LoginLimiter({ maxFailures: { account: 1, ip: 2 }, windowMs: 60_000, now: () => now });
  return { limiter, at: (ms: number) => (now = ms) };
}

const failOnce = (limiter: LoginLimiter, keys: string[]) => {
  const r = limiter.reserve(keys);
  if (!r.ok) throw new Error('expected a free slot');
  r.fail();
};

describe('the login limiter', () => {
  it('says in whole seconds, rounded up, when the oldest failure leaves the window', () => {
    const { limiter, at } = limiterAt();
    failOnce(limiter, ['account:a']);
    at(30_500);
    expect(limiter.reserve(['account:a'])).toEqual({ ok: false, retryAfterSeconds: 30 });
    at(59_999);
    expect(limiter.reserve(['account:a'])).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('frees the slot exactly one window after the failure', () => {
    const { limiter, at } = limiterAt();
    failOnce(limiter, ['account:a']);
    at(59_999);
    expect(limiter.isBlocked(['account:a'])).toBe(true);
    at(60_000);
    expect(limiter.isBlocked(['account:a'])).toBe(false);
    expect(limiter.reserve(['account:a']).ok).toBe(true);
  });

  it('waits for the key that frees last when several are used up', () => {
    const { limiter, at } = limiterAt();
    failOnce(limiter, ['account:a']);
    at(20_000);
    failOnce(limiter, ['ip:x']);
    failOnce(limiter, ['ip:x']);
    at(30_000);
    expect(limiter.reserve(['account:a', 'ip:x'])).toEqual({ ok: false, retryAfterSeconds: 50 });
  });

  it('counts an address up to its own limit, and a key kind it does not know never', () => {
    const { limiter } = limiterAt();
    failOnce(limiter, ['ip:x']);
    expect(limiter.isBlocked(['ip:x'])).toBe(false);
    failOnce(limiter, ['ip:x']);
    expect(limiter.isBlocked(['ip:x'])).toBe(true);
    for (let i = 0; i < 5; i++) failOnce(limiter, ['other:y']);
    expect(limiter.isBlocked(['other:y'])).toBe(false);
  });

  it('hands a released attempt back, and takes nothing when one key is full', () => {
    const { limiter } = limiterAt();
    const right = limiter.reserve(['account:a', 'ip:x']);
    expect(right.ok).toBe(true);
    if (right.ok) right.release();
    expect(limiter.isBlocked(['account:a'])).toBe(false);
    failOnce(limiter, ['account:a']);
    expect(limiter.reserve(['account:a', 'ip:x']).ok).toBe(false);
    // the refused attempt took no slot of the address
    failOnce(limiter, ['ip:x']);
    expect(limiter.isBlocked(['ip:x'])).toBe(false);
  });

  it('clears the failures of a key but keeps attempts still being checked', () => {
    const { limiter } = limiterAt();
    failOnce(limiter, ['account:a']);
    limiter.clear('account:a');
    const onItsWay = limiter.reserve(['account:a']);
    expect(onItsWay.ok).toBe(true);
    limiter.clear('account:a');
    expect(limiter.isBlocked(['account:a'])).toBe(true);
    if (onItsWay.ok) onItsWay.release();
    expect(limiter.isBlocked(['account:a'])).toBe(false);
  });
});
