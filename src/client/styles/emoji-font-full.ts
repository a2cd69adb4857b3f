// The full Noto Color Emoji (SIL Open Font License 1.1) as the @fontsource/noto-color-emoji
// package ships it: eleven slices by unicode-range. A browser downloads a slice only when text
// needs one of its emoji (emoji-fallback.ts); this module itself is loaded only then.
import slices from '@fontsource/noto-color-emoji/unicode.json';
import s0 from '@fontsource/noto-color-emoji/files/noto-color-emoji-0-400-normal.woff2?url';
import s1 from '@fontsource/noto-color-emoji/files/noto-color-emoji-1-400-normal.woff2?url';
import s2 from '@fontsource/noto-color-emoji/files/noto-color-emoji-2-400-normal.woff2?url';
import s3 from '@fontsource/noto-color-emoji/files/noto-color-emoji-3-400-normal.woff2?url';
import s4 from '@fontsource/noto-color-emoji/files/noto-color-emoji-4-400-normal.woff2?url';
import s5 from '@fontsource/noto-color-emoji/files/noto-color-emoji-5-400-normal.woff2?url';
import s6 from '@fontsource/noto-color-emoji/files/noto-color-emoji-6-400-normal.woff2?url';
import s7 from '@fontsource/noto-color-emoji/files/noto-color-emoji-7-400-normal.woff2?url';
import s8 from '@fontsource/noto-color-emoji/files/noto-color-emoji-8-400-normal.woff2?url';
import s9 from '@fontsource/noto-color-emoji/files/noto-color-emoji-9-400-normal.woff2?url';
import s10 from '@fontsource/noto-color-emoji/files/noto-color-emoji-10-400-normal.woff2?url';
import { FULL_EMOJI_FAMILY, codePointsOf } from './emoji-fallback';

const SLICES = [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10].map((url, i) => ({
  url,
  points: codePointsOf((slices as Record<string, string>)[`[${i}]`] ?? ''),
}));
// What joins emoji into one picture (zero-width joiner, variation selector, skin tones): drawn by
// the same font as the emoji.
const JOINERS = 'U+200D, U+FE0F, U+1F3FB-1F3FF';
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase()}`;

/**
 * Adds a face per slice for these emoji, covering just them (plus joiners), so the family can come
 * first in the font list without taking any letter or digit. Answers the faces, still to load.
 */
export function addFullEmojiFaces(emoji: readonly string[]): FontFace[] {
  const bySlice = new Map<number, number[]>();
  for (const ch of emoji) {
    const cp = ch.codePointAt(0)!;
    const slice = SLICES.findIndex((s) => s.points.has(cp));
    if (slice >= 0) bySlice.set(slice, [...(bySlice.get(slice) ?? []), cp]);
  }
  return [...bySlice].map(([slice, points]) => {
    const face = new FontFace(FULL_EMOJI_FAMILY, `url(${SLICES[slice].url}) format('woff2')`, {
      unicodeRange: [...points.map(hex), JOINERS].join(', '),
      display: 'swap',
    });
    document.fonts.add(face);
    return face;
  });
}
