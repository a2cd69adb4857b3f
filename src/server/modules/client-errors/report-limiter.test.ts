import { ReportLimiter } from './report-limiter';

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = new ReportLimiter({ perSession: 3, perAddress: 5, windowMs: 60_000, now: () => now });
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('crash report limits', () => {
  it('takes exactly as many reports as a session may send, then refuses until its window ends', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) expect(limiter.take('s1', '10.0.0.1')).toEqual({ ok: true });
    advance(15_500);
    // 60 s window started at the first report: 44,5 s left, rounded up
    expect(limiter.take('s1', '10.0.0.1')).toEqual({ ok: false, retryAfterSeconds: 45 });
    advance(44_499);
    expect(limiter.take('s1', '10.0.0.1')).toEqual({ ok: false, retryAfterSeconds: 1 });
    advance(1);
    // the window ended exactly now: a fresh one starts
    expect(limiter.take('s1', '10.0.0.1')).toEqual({ ok: true });
  });

  it('limits one address over all its sessions, and another address is not held back', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 5; i++) expect(limiter.take(`s${i}`, '10.0.0.2')).toEqual({ ok: true });
    expect(limiter.take('s9', '10.0.0.2')).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take('s9', '10.0.0.3')).toEqual({ ok: true });
  });

  it('counts nothing for a refused report: the address keeps its room when a session is used up', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.take('busy', '10.0.0.4');
    for (let i = 0; i < 5; i++) expect(limiter.take('busy', '10.0.0.4').ok).toBe(false);
    // 3 counted on the address so far: two more sessions' reports still fit, the third does not
    expect(limiter.take('other', '10.0.0.4')).toEqual({ ok: true });
    expect(limiter.take('other', '10.0.0.4')).toEqual({ ok: true });
    expect(limiter.take('third', '10.0.0.4').ok).toBe(false);
  });

  it('asks for at least a second, however little of the window is left', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.take('s1', '10.0.0.5');
    advance(59_999);
    expect(limiter.take('s1', '10.0.0.5')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
