import { writeFileSync } from 'node:fs';

/**
 * How much the route fuzzer runs. The test suite: 2,000 requests per route on PGlite and 50 on
 * PostgreSQL (the same first requests, to catch a difference of dialect), with a fixed seed, so a red
 * run replays the same requests. 2,000 × 150 routes is ~10 minutes of the unit + API step on two cores
 * (bench/RESULTS.md, "Route fuzzing"). The bench run (bench/fuzz-routes.mjs) may send more and draw a
 * new seed (FUZZ_SEED=random; the seed is printed with every failure and in the report).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 50 : 2000));
/**
 * A route's requests must finish within this: a bound for a hang, never a judgement of speed. The
 * slowest route (GET audit-chain re-hashes the whole log) takes ~130 ms a request on a quiet machine.
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
