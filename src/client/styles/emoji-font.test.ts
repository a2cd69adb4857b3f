import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiInSources } from '../../../scripts/emoji-sources.mjs';
import { drawsColourEmoji } from './emoji-font';
import { theme } from './theme';

// On a device without a colour emoji font, an emoji that Sofra's own font lacks is an empty box.
const REPO = path.resolve(__dirname, '../../..');

const fontCss = readFileSync(path.join(__dirname, 'emoji-font.css'), 'utf8');
const covered = new Set(
  [...(fontCss.match(/unicode-range:([^;]+);/)?.[1] ?? '').matchAll(/U\+([0-9A-F]+)/g)].map((m) => parseInt(m[1], 16)),
);

describe("Sofra's emoji font", () => {
  it('has every emoji the staff screens and the demo menu use (else: node scripts/emoji-font.mjs)', () => {
    const missing = emojiInSources(REPO).flatMap(({ file, emoji }) =>
      emoji.filter((ch) => !covered.has(ch.codePointAt(0)!)).map((ch) => `${file}: ${ch}`),
    );
    expect(covered.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('comes after the systems’ own emoji fonts, so a phone never downloads it', () => {
    const families = theme.fontFamily!.split(',').map((f) => f.trim().replace(/'/g, ''));
    expect(families.at(-1)).toBe('Sofra Emoji');
    expect(families).toEqual(expect.arrayContaining(['Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji']));
    expect(theme.headings?.fontFamily).toBe(theme.fontFamily);
  });
});

describe('drawsColourEmoji', () => {
  // A 16×16 canvas whose drawing is one pixel of the given colour on transparent.
  const canvasDrawing = (rgba: number[]) => {
    const data = new Uint8ClampedArray(16 * 16 * 4);
    data.set(rgba, 4 * 40);
    return { canvas: { width: 0, height: 0 }, fillText: () => {}, getImageData: () => ({ data }) } as unknown as CanvasRenderingContext2D;
  };

  it('says yes when the device draws the emoji in colour', () => {
    expect(drawsColourEmoji(canvasDrawing([230, 120, 40, 255]))).toBe(true);
  });

  it('says no for a grey box (no colour emoji font: Sofra loads its own)', () => {
    expect(drawsColourEmoji(canvasDrawing([60, 60, 60, 255]))).toBe(false);
    expect(drawsColourEmoji(canvasDrawing([0, 0, 0, 0]))).toBe(false);
  });
});
