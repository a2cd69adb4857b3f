/**
 * Emoji that staff type themselves (a note, a discount label, a dish name) can be any of the ~3,800
 * emoji, while Sofra's own font is cut to the ones its screens use. On a device without a colour
 * emoji font, text that shows an emoji outside that cut loads the full Noto Color Emoji (shipped in
 * the app from the @fontsource/noto-color-emoji package, nothing fetched from elsewhere): only its
 * slices that hold the emoji seen, 20 KB to 1.2 MB each, 3.95 MB for all eleven.
 */

/** The family the full font's slices join; listed after Sofra's cut font. */
export const FULL_EMOJI_FAMILY = 'Sofra Emoji Tam';
const CUT_EMOJI_FAMILY = 'Sofra Emoji';

/** The code points of a CSS unicode-range ("U+200D, U+1F32D-1F336"). */
export function codePointsOf(unicodeRange: string): Set<number> {
  const points = new Set<number>();
  for (const [, from, to] of unicodeRange.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)) {
    const first = parseInt(from, 16);
    const last = to ? parseInt(to, 16) : first;
    for (let cp = first; cp <= last; cp++) points.add(cp);
  }
  return points;
}

/**
 * The emoji in `text` that the cut font lacks (flags' regional letters too). The copyright and
 * registered signs are pictographic as well, but every text font draws them: only code points from
 * U+2000 on count.
 */
export function emojiOutside(text: string, covered: ReadonlySet<number>): string[] {
  const found = new Set<string>();
  for (const [ch] of text.matchAll(/[\p{Extended_Pictographic}\p{Regional_Indicator}]/gu)) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x2000 && !covered.has(cp)) found.add(ch);
  }
  return [...found];
}

/** What the cut font covers, from its @font-face (emoji-font.css), so the list is written once. */
function cutFontCoverage(): Set<number> {
  for (const face of document.fonts) {
    if (face.family.replace(/["']/g, '') === CUT_EMOJI_FAMILY) return codePointsOf(face.unicodeRange);
  }
  return new Set();
}

let redraws = 0;
let themeFamilies: string | null = null;
/**
 * Puts the full font's family first in the page's font list: its faces hold only the emoji seen
 * (emoji-font-full.ts), so no letter or digit changes font. First, because Chromium passed over it
 * for bold text when it came after the text fonts. Chromium does not redraw text it drew as an
 * empty box when a font arrives later, so each call also changes the list (an unknown family name
 * at the end, skipped by the browser): every text is laid out again, now with the new glyphs.
 */
function useFullFontOnPage() {
  const root = document.documentElement;
  themeFamilies ??= getComputedStyle(root).getPropertyValue('--mantine-font-family').trim();
  redraws += 1;
  const families = `"${FULL_EMOJI_FAMILY}", ${themeFamilies}, "sofra-redraw-${redraws}"`;
  root.style.setProperty('--mantine-font-family', families);
  root.style.setProperty('--mantine-font-family-headings', families);
}

/**
 * Watches what the page shows (and what is typed into its fields) for emoji outside the cut font,
 * and loads the full font's slices for them. Started only on a device without a colour emoji font.
 */
export function startFullEmojiFallback(): void {
  const covered = cutFontCoverage();
  const seen = new Set<string>();
  let pending = new Set<string>();
  let isScheduled = false;

  const flush = async () => {
    isScheduled = false;
    const chars = [...pending];
    pending = new Set();
    if (!chars.length) return;
    try {
      const { addFullEmojiFaces } = await import('./emoji-font-full');
      await Promise.all(addFullEmojiFaces(chars).map((face) => face.load()));
      useFullFontOnPage();
    } catch {
      // Without the font the text still reads; its emoji stay boxes, as before.
    }
  };
  const look = (text: string | null | undefined) => {
    if (!text) return;
    for (const ch of emojiOutside(text, covered)) {
      if (seen.has(ch)) continue;
      seen.add(ch);
      pending.add(ch);
    }
    if (pending.size && !isScheduled) {
      isScheduled = true;
      queueMicrotask(() => void flush());
    }
  };

  look(document.body.textContent);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') look(r.target.textContent);
      for (const node of r.addedNodes) look(node.textContent);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  document.addEventListener('input', (e) => look((e.target as HTMLInputElement | null)?.value), true);
}
