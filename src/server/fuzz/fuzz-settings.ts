import { writeFileSync } from 'node:fs';

/**
 * How much the route fuzzer runs: 100 requests per route by default (npm test: every route, the
 * same requests every run, ~1.5 minutes of the unit + API step); `npm run test:deep` sends 2,000 per
 * route with a new seed, which it prints (FUZZ_SEED=<seed> replays a red run; FUZZ_SEED=random draws
 * one here). The bench run (bench/fuzz-routes.mjs) may send more.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/**
 * A route's requests must finish within this: a bound for a hang, never a judgement of speed. The
 * slowest route, GET days/current, takes ~20 ms a request on a quiet machine.
 */
export const FUZZ_TIMEOUT_MS = Math.max(120_000, FUZZ_RUNS * 500);
export const FUZZ_SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_126);

/** Each route's own seed: the same route draws the same requests whatever the other routes are. */
export function routeSeed(seed: number, route: string): number {
  let h = seed | 0;
  for (let i = 0; i < route.length; i++) h = Math.imul(h ^ route.charCodeAt(i), 0x01000193);
  return h >>> 1;
}

export interface RouteReport {
  route: string;
  requests: number;
  statuses: Record<string, number>;
  ms: number;
  /** reading the ids and the checksums before the requests */
  setupMs: number;
  requestsMs: number;
  /** CPU time of the requests (this process: app, database and fuzzer) */
  cpuMs: number;
  /** the refusals' statuses and messages, counted */
  messages: Record<string, number>;
  failures: number;
}

/** FUZZ_REPORT=<prefix>: each shard's figures as JSON in <prefix>.<shard>.json, for bench/fuzz-routes.mjs. */
export function writeFuzzReport(reports: RouteReport[], shard: number) {
  const prefix = process.env.FUZZ_REPORT;
  if (!prefix) return;
  writeFileSync(`${prefix}.${shard}.json`, JSON.stringify({ seed: FUZZ_SEED, runs: FUZZ_RUNS, database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', routes: reports }, null, 2));
}
