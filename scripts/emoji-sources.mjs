// The emoji that Sofra's staff screens use (sidebar, table states, buttons, the category emoji
// picker, the demo menu): one rule for scripts/emoji-font.mjs, which cuts the font to them, and
// src/client/styles/emoji-font.test.ts, which checks the font still has them all.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SCANNED = ['src/client', 'src/shared', 'src/server/demo/demo-menu.ts'];

function sourceFiles(entry) {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => {
    const full = path.join(entry, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) && !name.includes('.test.') ? [full] : [];
  });
}

export function emojiInSources(repoRoot) {
  return SCANNED.flatMap((entry) => sourceFiles(path.join(repoRoot, entry))).map((file) => ({
    file: path.relative(repoRoot, file),
    emoji: [...readFileSync(file, 'utf8').matchAll(/\p{Extended_Pictographic}/gu)].map(([ch]) => ch),
  }));
}
