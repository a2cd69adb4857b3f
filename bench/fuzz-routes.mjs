// Route fuzzing at bench size (issue 25, "Hostile input at scale"): `node bench/fuzz-routes.mjs`
// Runs the route fuzzer of the test suite (src/server/fuzz) with FUZZ_RUNS requests per route
// (default 2,000, as the test suite on PGlite) and a new seed unless FUZZ_SEED is given, on PGlite, then
// prints per route and in total: requests, answers by status, time and CPU, and what failed.
// Every answer must be below 500, every 4xx a Turkish {error}, every refusal leaves the database
// as it was; a failure names the seed and an example request, and this script exits non-zero.
// Not part of `npm run bench` (it takes tens of minutes at 2,000 per route on a two-core machine).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = process.env.FUZZ_RUNS ?? '2000';
const SEED = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const dir = mkdtempSync(path.join(os.tmpdir(), 'sofra-fuzz-'));
const prefix = path.join(dir, 'report');

console.log(`Rota fuzz: ${RUNS} istek/rota, FUZZ_SEED=${SEED}`);
const started = performance.now();
const env = { ...process.env, FUZZ_RUNS: RUNS, FUZZ_SEED: SEED, FUZZ_REPORT: prefix };
delete env.TEST_DATABASE_URL;
const run = spawnSync('npx', ['vitest', 'run', '--maxWorkers=2', 'src/server/fuzz'], { cwd: ROOT, env, stdio: 'inherit' });
const wallS = (performance.now() - started) / 1000;

const routes = [];
for (const shard of [0, 1]) {
  const file = `${prefix}.${shard}.json`;
  if (existsSync(file)) routes.push(...JSON.parse(readFileSync(file, 'utf8')).routes);
}
rmSync(dir, { recursive: true, force: true });

const total = (f) => routes.reduce((n, r) => n + f(r), 0);
const count = (r, test) => Object.entries(r.statuses).reduce((n, [status, k]) => n + (test(Number(status)) ? k : 0), 0);
const summary = {
  seed: Number(SEED),
  runsPerRoute: Number(RUNS),
  routes: routes.length,
  requests: total((r) => r.requests),
  answered2xx: total((r) => count(r, (s) => s < 300)),
  answered4xx: total((r) => count(r, (s) => s >= 400 && s < 500)),
  answered5xx: total((r) => count(r, (s) => s >= 500)),
  routesWithFailures: routes.filter((r) => r.failures > 0).map((r) => r.route),
  wallSeconds: Math.round(wallS),
  cpuSecondsInRequests: Math.round(total((r) => r.cpuMs) / 1000),
  slowest: [...routes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
    .map((r) => `${r.route}: ${(r.ms / 1000).toFixed(1)} s (${(r.cpuMs / r.requests).toFixed(1)} ms CPU/istek)`),
};
console.log(JSON.stringify(summary, null, 2));
process.exit(run.status === 0 && summary.answered5xx === 0 && summary.routesWithFailures.length === 0 ? 0 : 1);
