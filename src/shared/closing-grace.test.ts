import { CLOSING_GRACE_MS, graceSecondsLeft } from './closing-grace';

describe('the closing grace countdown', () => {
  it('waits one minute', () => {
    expect(CLOSING_GRACE_MS).toBe(60_000);
  });

  it('rounds a part of a second up, so 0 shows only when the time is up', () => {
    expect(graceSecondsLeft(10_000, 0)).toBe(10);
    expect(graceSecondsLeft(10_000, 1)).toBe(10);
    expect(graceSecondsLeft(10_000, 9_001)).toBe(1);
    expect(graceSecondsLeft(10_000, 10_000)).toBe(0);
  });

  it('never goes below 0 once the time has passed', () => {
    expect(graceSecondsLeft(10_000, 25_000)).toBe(0);
  });
});
