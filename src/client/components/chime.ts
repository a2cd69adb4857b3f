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
