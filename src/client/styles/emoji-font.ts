import { startFullEmojiFallback } from './emoji-fallback';

const PROBE = '🧾';
const TIMEOUT_MS = 3000;

/**
 * True when the context draws an emoji in colour with the device's own fonts. The canvas asks
 * for the usual colour emoji fonts only; where none is installed it draws a grey box instead.
 */
export function drawsColourEmoji(ctx: CanvasRenderingContext2D): boolean {
  ctx.canvas.width = ctx.canvas.height = 16;
  ctx.font = "14px 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'";
  ctx.textBaseline = 'top';
  ctx.fillText(PROBE, 0, 0);
  const pixels = ctx.getImageData(0, 0, 16, 16).data;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3] > 0 && (pixels[i] !== pixels[i + 1] || pixels[i + 1] !== pixels[i + 2])) return true;
  }
  return false;
}

/**
 * On a device without a colour emoji font, loads Sofra's own (emoji-font.css) before the first
 * render. It has to come first: Chromium neither fetches a `unicode-range` font for an emoji
 * written without U+FE0F nor redraws text it has already drawn as an empty box once the font
 * arrives. Elsewhere (phones, Windows, macOS) it resolves at once and downloads nothing.
 */
export function loadEmojiFontIfMissing(): Promise<void> {
  const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!ctx || drawsColourEmoji(ctx)) return Promise.resolve();
  // Emoji typed by staff may be outside Sofra's cut: the full font comes for those, once seen.
  if (document.body) startFullEmojiFallback();
  else document.addEventListener('DOMContentLoaded', startFullEmojiFallback, { once: true });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, TIMEOUT_MS));
  const load = document.fonts.load(`1em 'Sofra Emoji'`, PROBE).then(
    () => undefined,
    () => undefined, // without the font the screens still work; their emoji are boxes
  );
  return Promise.race([load, timeout]);
}
