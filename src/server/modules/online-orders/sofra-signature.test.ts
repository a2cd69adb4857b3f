import { describe, expect, it } from 'vitest';
import { newSofraSecret, signSofraBody, signatureProblem } from './sofra-signature';

const SECRET = 'sofra_sk_test';
const BODY = '{"externalId":"W-1"}';
const NOW = 1_795_700_000_000;
const ts = (offsetSeconds: number) => String(NOW / 1000 + offsetSeconds);

describe('the channel signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<raw body>"', () => {
    // openssl: printf '1795700000.{"externalId":"W-1"}' | openssl dgst -sha256 -hmac sofra_sk_test
    expect(signSofraBody(SECRET, '1795700000', BODY)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureProblem(SECRET, ts(0), signSofraBody(SECRET, ts(0), BODY), BODY, NOW)).toBeNull();
  });

  it('accepts a clock up to five minutes off either way, and not a second more', () => {
    for (const off of [-300, 300]) expect(signatureProblem(SECRET, ts(off), signSofraBody(SECRET, ts(off), BODY), BODY, NOW), String(off)).toBeNull();
    for (const off of [-301, 301]) expect(signatureProblem(SECRET, ts(off), signSofraBody(SECRET, ts(off), BODY), BODY, NOW), String(off)).toBe('stale');
  });

  it('tells missing from bad: another body, another secret, a cut or malformed signature or timestamp', () => {
    const good = signSofraBody(SECRET, ts(0), BODY);
    expect(signatureProblem(SECRET, undefined, good, BODY, NOW)).toBe('missing');
    expect(signatureProblem(SECRET, ts(0), undefined, BODY, NOW)).toBe('missing');
    expect(signatureProblem(SECRET, ts(0), good, BODY + ' ', NOW)).toBe('bad');
    expect(signatureProblem('other', ts(0), good, BODY, NOW)).toBe('bad');
    expect(signatureProblem(SECRET, ts(0), good.slice(0, -1), BODY, NOW)).toBe('bad');
    expect(signatureProblem(SECRET, ts(0), good.replace('sha256=', ''), BODY, NOW)).toBe('bad');
    expect(signatureProblem(SECRET, '1795700000.5', good, BODY, NOW)).toBe('bad');
    // hex in capitals is the same signature
    expect(signatureProblem(SECRET, ts(0), good.toUpperCase().replace('SHA256=', 'sha256='), BODY, NOW)).toBeNull();
  });

  it('makes secrets of 256 random bits, never the same twice', () => {
    const a = newSofraSecret();
    expect(a).toMatch(/^sofra_sk_[A-Za-z0-9_-]{43}$/);
    expect(newSofraSecret()).not.toBe(a);
  });
});
