// The one test command (`npm test`, the README's and CI's) and its full depth (`npm run test:deep`).
//
//   npm test            every suite, at a depth that fits CI (≤ 25 min on two cores):
//                       type check → unit + API on PGlite (Node 20; route fuzz 100 a route, fixed seed)
//                       build → unit + API that can differ by dialect on PostgreSQL (Node 24)
//                         → two servers on one PostgreSQL → crash faults (kill -9, both modes)
//                       then, once both lanes passed: browser e2e (two shards, each its own server)
//   npm run test:deep   the same at full depth: fuzz 2,000 a route with a new seed (printed;
//                       FUZZ_SEED=… replays), the whole unit + API suite on PostgreSQL, 30 kills a
//                       mode, then the benchmarks' pass/fail lines (npm run bench, results to a
//                       temporary file: bench/RESULTS.md is written only by `npm run bench` itself)
//
// The two lanes run side by side (they share no database: PGlite is in memory, the PostgreSQL
// steps make databases of their own); each step's lines are prefixed with its name. At the end:
// every step's wall time and the ten slowest test files.
// The machine is made ready first (scripts/test-setup.mjs): Chromium, strace, the local PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POSTGRES_SUITE } from './postgres-suite.mjs';
import { prepareTestMachine } from './test-setup.mjs';
import { printSummary, slowestFiles } from './test-summary.mjs';

const deep = process.argv.includes('--deep');
const reports = mkdtempSync(path.join(tmpdir(), 'sofra-test-'));
const report = (name) => path.join(reports, `${name}.json`);

// The fuzz's seed: fixed in npm test (a red run replays as it is), new in every deep run.
const fuzzSeed = process.env.FUZZ_SEED ?? (deep ? String(Math.floor(Math.random() * 2 ** 31)) : undefined);
const depth = deep
  ? { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '2000', FAULTS_KILLS: process.env.FAULTS_KILLS ?? '30', FAULTS_ACTIONS: process.env.FAULTS_ACTIONS ?? '1000' }
  : { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100', FAULTS_KILLS: process.env.FAULTS_KILLS ?? '6', FAULTS_ACTIONS: process.env.FAULTS_ACTIONS ?? '300' };

const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${report(name)}`];
// The first shard runs the specs listed in tests/e2e/shard-1.txt, the second every other spec: split
// by measured time (Playwright's --shard splits by test count, and the screen checks are few but long).
const E2E_SHARDS = ['--test-list', '--test-list-invert'];
const e2eShard = (n, of) => ({
  title: `Tarayıcı uçtan uca testleri (Chromium, parça ${n}/${of})`,
  tag: `e2e${n}`,
  cmd: ['npx', 'playwright', 'test', E2E_SHARDS[n - 1], 'tests/e2e/shard-1.txt', '--reporter=list,json'],
  // each shard its own server, data directory and ports (the specs that start a second server add 50 and 60)
  env: { E2E_PORT: String(3000 + 100 * n), PLAYWRIGHT_JSON_OUTPUT_FILE: report(`e2e${n}`) },
  report: { kind: 'playwright', file: report(`e2e${n}`) },
});

/** Lanes run side by side; the steps of a lane one after the other (a list inside a lane: side by side). */
const lanes = [
  [
    { title: 'Tür denetimi', tag: 'tsc', cmd: ['npm', 'run', 'typecheck'] },
    {
      title: 'Birim ve API testleri (Node 20, PGlite)',
      tag: 'pglite',
      cmd: ['npx', 'vitest', 'run', ...vitestJson('pglite')],
      // the PGlite run stays on PGlite even when CI exports TEST_DATABASE_URL
      env: { TEST_DATABASE_URL: undefined },
      report: { kind: 'vitest', file: report('pglite') },
    },
  ],
  [
    { title: 'Derleme', tag: 'build', cmd: ['npm', 'run', 'build'] },
    {
      title: deep ? 'Birim ve API testleri, hepsi (Node 24, PostgreSQL)' : 'Lehçeye bağlı API testleri (Node 24, PostgreSQL)',
      tag: 'pg',
      cmd: ['node', 'scripts/test-postgres.mjs', ...vitestJson('pg'), ...(deep ? [] : POSTGRES_SUITE)],
      // the fuzz's depth is PGlite's to carry; here every route once more, for an answer that differs by driver
      env: { FUZZ_RUNS: deep ? '100' : '25' },
      report: { kind: 'vitest', file: report('pg') },
    },
    { title: 'İki sunucu, bir PostgreSQL (LISTEN/NOTIFY)', tag: 'multi', cmd: ['node', 'scripts/test-multi-server.mjs'] },
    { title: `Çökme testleri (${depth.FAULTS_KILLS} × kill -9, gömülü PostgreSQL ve PostgreSQL)`, tag: 'faults', cmd: ['node', 'scripts/test-faults.mjs'] },
  ],
];
// After both lanes, the two shards side by side: beside the PGlite step, two Chromiums and two
// servers slowed every step (the PGlite step took 13–15 min instead of 5) and made the browser's
// timing-dependent failures likelier; run alone, the whole is shorter.
const e2e = [e2eShard(1, 2), e2eShard(2, 2)];
// after every suite, alone on the machine: a benchmark beside a test run measures the test run
const benchStep = { title: 'Başarım ölçümleri (npm run bench)', tag: 'bench', cmd: ['node', 'bench/run-all.mjs'], env: { BENCH_OUT: path.join(reports, 'bench.md') } };

const started = performance.now();
const timings = [];

function runStep(step) {
  const [cmd, ...args] = step.cmd;
  const env = { ...process.env, ...depth, ...(fuzzSeed ? { FUZZ_SEED: fuzzSeed } : {}), NO_COLOR: '1' };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const t0 = performance.now();
  console.log(`\n=== ${step.title} — başladı ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${step.tag}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${step.tag}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - t0) / 1000;
      timings.push({ title: step.title, seconds, ok: code === 0 });
      console.log(`\n=== ${step.title} — ${code === 0 ? 'geçti' : `BAŞARISIZ (çıkış kodu ${code ?? signal})`}, ${Math.round(seconds)} s ===`);
      resolve(code === 0);
    });
  });
}

async function runLane(lane) {
  for (const step of lane) {
    const ok = Array.isArray(step) ? (await Promise.all(step.map(runStep))).every(Boolean) : await runStep(step);
    if (!ok) return false;
  }
  return true;
}

if (!(await prepareTestMachine())) process.exit(1);
if (fuzzSeed) console.log(`Rota fuzz tohumu: ${fuzzSeed} (aynı istekler için: FUZZ_SEED=${fuzzSeed} npm run test:deep)`);
console.log(`Derinlik: ${deep ? 'tam (test:deep)' : 'CI'} — fuzz ${depth.FUZZ_RUNS} istek/rota, ${depth.FAULTS_KILLS} kill -9/kip, ≥ ${depth.FAULTS_ACTIONS} onaylı işlem/kip`);

let ok = (await Promise.all(lanes.map(runLane))).every(Boolean);
if (ok) ok = await runLane([e2e]);
if (ok && deep) ok = await runStep(benchStep);

printSummary({
  timings,
  totalSeconds: (performance.now() - started) / 1000,
  slowest: slowestFiles([...lanes.flat(), ...e2e].filter((s) => s.report).map((s) => s.report), 10),
  bench: deep ? benchVerdicts(path.join(reports, 'bench.md')) : null,
});
rmSync(reports, { recursive: true, force: true });
console.log(ok ? '\nTüm test adımları geçti.' : '\nBir ya da daha fazla test adımı başarısız (yukarıda BAŞARISIZ diye işaretli).');
process.exit(ok ? 0 : 1);

/** The lines of the benchmarks' results that judge a target (PASS / FAIL, OK / not met). */
function benchVerdicts(file) {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /\b(PASS|FAIL|OK)\b|not met/.test(l));
  } catch {
    return ['(ölçüm sonuçları okunamadı)'];
  }
}
