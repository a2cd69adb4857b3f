import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_CHIME_DELAY_MS, playAlertChime } from './chime';

/** An AudioContext that only counts how many were opened. */
function fakeAudio() {
  const opened = vi.fn();
  const node = () => ({ connect: vi.fn(), start: vi.fn(), stop: vi.fn(), frequency: { value: 0 }, gain: { value: 0 } });
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    constructor() {
      opened();
    }
    createGain = node;
    createOscillator = node;
    close = vi.fn(async () => undefined);
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return opened;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('playAlertChime', () => {
  it('opens the audio only once the screen is idle, and waits at most half a second for it', () => {
    const opened = fakeAudio();
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((callback: () => void) => ((idle = callback), 1));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    playAlertChime(60);
    expect(opened).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: ALERT_CHIME_DELAY_MS });
    idle?.();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(ALERT_CHIME_DELAY_MS).toBe(500);
  });

  it('without idle callbacks (Safari) it still rings, just after the current work', () => {
    vi.useFakeTimers();
    const opened = fakeAudio();
    vi.stubGlobal('requestIdleCallback', undefined);
    playAlertChime(60);
    expect(opened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
