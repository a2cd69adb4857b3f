import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePointsOf, emojiOutside } from './emoji-fallback';

const cutCss = readFileSync(path.join(__dirname, 'emoji-font.css'), 'utf8');
const cut = codePointsOf(cutCss.match(/unicode-range:([^;]+);/)![1]);

describe('codePointsOf', () => {
  it('reads single code points and ranges of a unicode-range', () => {
    expect([...codePointsOf('U+200D, U+1f32d-1F32F,U+2615')]).toEqual([0x200d, 0x1f32d, 0x1f32e, 0x1f32f, 0x2615]);
  });
});

describe('emojiOutside (what makes the full emoji font load)', () => {
  it('finds what staff typed outside the cut font: a note, a discount label, a dish name', () => {
    expect(emojiOutside('Not: acısız 🌶️ lütfen 🦄', cut)).toEqual(['🦄']);
    expect(emojiOutside('🎂 Doğum günü indirimi', cut)).toEqual(['🎂']);
    expect(emojiOutside('🧆 Falafel 🧆', cut)).toEqual(['🧆']);
    expect(emojiOutside('Türk kahvesi 🇹🇷', cut)).toEqual(['🇹', '🇷']);
  });

  it('leaves the cut font’s own emoji, © ® and plain Turkish text alone', () => {
    expect(emojiOutside('🍲 Çorbalar · 🧾 Hesap · ☕ Çay © ® — Şişli', cut)).toEqual([]);
  });
});
