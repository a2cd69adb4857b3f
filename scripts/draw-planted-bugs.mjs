#!/usr/bin/env node
/*
 * Draws the places for a batch of planted bugs (docs/testing.md, "Planted bugs"): a seeded random
 * pick among the lines of the server and shared code that decide something (a condition, a
 * comparison, a sum, a returned value), so the batch is chosen by the seed, not by whoever knows
 * where the tests are thin. The same seed gives the same places on the same commit.
 *
 *   node scripts/draw-planted-bugs.mjs <seed> <count>
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [seedArg, countArg] = process.argv.slice(2);
const seed = Number(seedArg);
const count = Number(countArg ?? 25);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/draw-planted-bugs.mjs <seed> <count>');
  process.exit(2);
}

const ROOTS = ['src/server', 'src/shared'];
// code that is itself test machinery, generated, or a table's declaration decides nothing at run time
const SKIP = /(\.test\.ts$|-test-kit\.ts$|\/test-support\/|\/fuzz\/|\/migrations\/|\/db\/schema\.ts$|\/demo\/)/;
const DECIDES = /\bif \(|\?\?|\|\||&&|[!=]==|[^=<>]<=?[^<=>]|[^=<>-]>=?[^>=]| \? |[^+]\+ |[^-]- |\breturn\b|Math\.|\.filter\(|\.some\(|\.every\(|\.find\(/;
// comments, imports, types, signatures and a bare \`return x;\` hold no decision of their own
const NOT_CODE =
  /^\s*(\/\/|\*|\/\*|import |export type |export \{|type |interface |(export )?(async )?function |return [\w.]+;|\}|\)|$)/;

const files = ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true })
    .map((f) => path.join(root, f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !SKIP.test(f)),
).sort();

const places = [];
for (const file of files) {
  readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    if (!NOT_CODE.test(text) && DECIDES.test(text)) places.push({ file, line: i + 1, text: text.trim() });
  });
}

// mulberry32: a small seeded generator, enough to make the draw repeatable
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const drawn = new Set();
while (drawn.size < Math.min(count, places.length)) drawn.add(Math.floor(random() * places.length));
console.log(`# ${places.length} deciding lines in ${files.length} files; seed ${seed}, ${drawn.size} drawn`);
for (const i of [...drawn].sort((a, b) => a - b)) {
  const { file, line, text } = places[i];
  console.log(`${file}:${line}\t${text.slice(0, 110)}`);
}
