/** A short two-note chime through Web Audio; kitchen and waiter alerts use it. Volume 0–100. */
export function playChime(volume: number) {
  const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioCtx || volume <= 0) return;
  const ctx = new AudioCtx();
  const gain = ctx.createGain();
  gain.gain.value = (volume / 100) * 0.4;
  gain.connect(ctx.destination);
  [880, 1320].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(gain);
    osc.start(ctx.currentTime + i * 0.18);
    osc.stop(ctx.currentTime + i * 0.18 + 0.16);
  });
  setTimeout(() => void ctx.close(), 800);
}

/** The longest an alert's chime waits for the screen to be idle. */
export const ALERT_CHIME_DELAY_MS = 500;

/**
 * The chime of an alert that arrives with data (a screenful of new orders): played once the
 * screen is idle, within half a second. The page's first audio context blocks the page for a few
 * hundred milliseconds while it opens the sound output, and must not keep the orders that rang
 * off the screen. Not for a tap: iOS plays only a chime started by the tap itself.
 */
export function playAlertChime(volume: number) {
  const play = () => playChime(volume);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(play, { timeout: ALERT_CHIME_DELAY_MS });
  else setTimeout(play, 50);
}
