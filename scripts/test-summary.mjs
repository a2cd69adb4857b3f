// The end of a test run (scripts/test-all.mjs): each step's wall time and the slowest test files,
// read from the JSON reports of Vitest and Playwright.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Seconds per test file: Vitest's files as they ran; Playwright's summed over the file's tests. */
function fileSeconds({ kind, file }) {
  if (!existsSync(file)) return [];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    return json.testResults.map((t) => ({ file: path.relative(ROOT, t.name), seconds: (t.endTime - t.startTime) / 1000 }));
  }
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((n, r) => n + r.duration, 0);
      const name = path.join('tests/e2e', spec.file);
      perFile.set(name, (perFile.get(name) ?? 0) + ms / 1000);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  return [...perFile].map(([name, seconds]) => ({ file: name, seconds }));
}

/** The `count` slowest files over every report, each with the run it belongs to. */
export function slowestFiles(reports, count) {
  return reports
    .flatMap((r) => fileSeconds(r).map((f) => ({ ...f, run: path.basename(r.file, '.json') })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** m:ss of whole seconds (899.6 s is 15:00, never 14:60). */
export const mmss = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function printSummary({ timings, totalSeconds, slowest, bench }) {
  console.log('\n=== Özet: adımların süresi (duvar saati) ===');
  for (const t of timings) console.log(`  ${t.ok ? '✓' : '✗'} ${mmss(t.seconds).padStart(6)}  ${t.title}`);
  console.log(`    ${mmss(totalSeconds).padStart(6)}  toplam (yan yana koşan adımlar örtüşür)`);
  console.log('\n=== En yavaş on test dosyası ===');
  for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}  (${f.run})`);
  if (bench) {
    console.log('\n=== Başarım ölçümlerinin hedef satırları ===');
    for (const line of bench) console.log(`  ${line}`);
  }
}
