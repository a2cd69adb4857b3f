import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listApiRoutes } from '../test-support/api-routes';
import { catalogRoutes, type CatalogRoute } from './route-catalog';
import { FUZZ_ROLES, signInOne, signInStaff, loadHints, startFuzzWorld, type FuzzRole } from './fuzz-kit';
import { describeRequest, injectOptions, refusalProblem, requestArb, sentTexts, type FuzzRequest } from './fuzz-requests';
import { sendFuzzRequest } from './fuzz-send';
import { FUZZ_RUNS, FUZZ_SEED, FUZZ_TIMEOUT_MS, routeSeed, writeFuzzReport, type RouteReport } from './fuzz-settings';

/**
 * Hostile input at scale: every API route gets FUZZ_RUNS requests (fuzz-settings.ts) generated from its
 * own Zod schemas (zod-arbitraries.ts) — mostly schema-shaped values on and past their edges, then
 * random JSON and raw bodies — sent by each kind of caller. Every answer must be below 500, every
 * 4xx a Turkish `{error}`, and no refused request may leave a change in the database.
 */

/**
 * Tables a refused request may still change, and why. Nothing else: any other table a refusal
 * touches is a failure.
 */
const MAY_CHANGE_ON_REFUSAL: Record<string, (request: FuzzRequest) => boolean> = {
  // the answer to a keyed request is stored, refusals included, so a retry gets the same answer
  idempotency_keys: (request) => 'idempotency-key' in request.headers,
  // The delivery platforms' outbox is written by its background sender after an earlier request's
  // commit (a pause, an accepted order); on PostgreSQL that notification can arrive while a later
  // request runs. On PGlite it comes before the next request starts, so there it stays a failure.
  platform_outbox: () => process.env.TEST_DATABASE_URL !== undefined,
};

/**
 * Reads whose work grows with everything the restaurant wrote go first in their shard, on the demo
 * data's small history: GET audit-chain's first check walks the whole log (later ones only what was
 * written since), and days/current reads every bill of the open day, which the fuzz's own closes
 * fill. Their cost per row is measured apart (bench/RESULTS.md, "CI time").
 */
const READS_ALL_HISTORY = new Set(['/api/restaurants/:restaurantId/audit-chain', '/api/restaurants/:restaurantId/days/current']);

/** Defines the fuzz of this shard's routes (every `shards`-th, from `shard`), on a world of its own. */
export async function defineRouteFuzz(shard: number, shards: number) {
  const world = await startFuzzWorld();
  afterAll(() => world.close());
  // One signed-in person per role for the whole run; a request that ends a session (sign-out,
  // deactivation, a new password) gets its role signed in again below.
  const sessions = await signInStaff(world);
  const except = Object.keys(MAY_CHANGE_ON_REFUSAL);
  // every table's checksum after the last route: the next route's "before"
  let checksums = await world.changes.checksums(except);

  const allRoutes: CatalogRoute[] = catalogRoutes().filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
  const routes = allRoutes.filter((_, i) => i % shards === shard).sort((a, b) => Number(READS_ALL_HISTORY.has(b.url)) - Number(READS_ALL_HISTORY.has(a.url)));
  const routeName = (r: Pick<CatalogRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
  const reports: RouteReport[] = [];
  afterAll(() => writeFuzzReport(reports, shard));

  describe('the route fuzzer', () => {
    it('covers every API route the router holds (the route matrix enumeration)', () => {
      expect(allRoutes.map(routeName).sort()).toEqual(listApiRoutes(world.ctx.app));
    });
  });

  describe.each(routes.map((r) => [routeName(r), r] as const))('%s', (name, route) => {
    it(`answers ${FUZZ_RUNS} hostile requests below 500, refuses in Turkish and leaves the database as it was when it refuses`, async () => {
      const started = performance.now();
      const seed = routeSeed(FUZZ_SEED, name);
      const hints = await loadHints(world);
      const requests = fc.sample(requestArb(route, hints, world), { seed, numRuns: FUZZ_RUNS });
      await world.changes.changedSinceLast();
      const sumsBefore = checksums;
      const setupMs = performance.now() - started;
      const cpuBefore = process.cpuUsage();
      const messages: Record<string, number> = {};

      const statuses: Record<string, number> = {};
      const failures = new Map<string, { count: number; example: string }>();
      const fail = (problem: string, request: FuzzRequest) => {
        const seen = failures.get(problem);
        if (seen) seen.count++;
        else failures.set(problem, { count: 1, example: describeRequest(route.method, request) });
      };
      let succeeded = 0;
      let signIns = 0;
      for (const request of requests) {
        const result = await sendFuzzRequest(world, route, injectOptions(route.method, request, sessions));
        if ('crash' in result) {
          fail(`çöktü: ${result.crash}`, request);
          continue;
        }
        const status = result.statusCode;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500) fail(`${status}: ${result.body.slice(0, 300)}`, request);
        else if (status >= 400) {
          const message = `${status} ${(/"error":"([^"]{0,70})/.exec(result.body)?.[1] ?? '')}`;
          messages[message] = (messages[message] ?? 0) + 1;
          const problem = refusalProblem(result, sentTexts(request));
          if (problem) fail(problem, request);
        } else succeeded++;
        const changed = await world.changes.changedSinceLast();
        if (status >= 400) {
          const unexpected = changed.filter((t) => !MAY_CHANGE_ON_REFUSAL[t]?.(request));
          if (unexpected.length > 0) fail(`${status} ile reddedildi ama veritabanını değiştirdi: ${unexpected.sort().join(', ')}`, request);
        }
        // A request may end its caller's session (sign-out, deactivation, a new password): the next
        // requests of that role go with a fresh sign-in, so they still reach the route.
        if ((status === 401 || status === 403) && (FUZZ_ROLES as string[]).includes(request.caller) && route.access !== 'public') {
          const access = route.access ?? [];
          if (status === 401 || access.includes(request.caller as FuzzRole)) {
            sessions[request.caller as FuzzRole] = await signInOne(world, request.caller as FuzzRole);
            signIns++;
            await world.changes.changedSinceLast();
          }
        }
      }
      const requestsMs = performance.now() - started - setupMs;
      const cpu = process.cpuUsage(cpuBefore);
      // The independent check: when nothing succeeded (and the fuzzer signed nobody in again), every
      // table's content is exactly as before.
      const sumsAfter = await world.changes.checksums(except);
      checksums = sumsAfter;
      if (succeeded === 0 && signIns === 0) {
        const differing = Object.keys(sumsBefore).filter((t) => sumsBefore[t] !== sumsAfter[t]);
        expect(differing, `hiçbir istek başarılı olmadı ama bu tablolar değişti (tohum ${seed})`).toEqual([]);
      }
      reports.push({ route: name, requests: requests.length, statuses, ms: Math.round(performance.now() - started), setupMs: Math.round(setupMs), requestsMs: Math.round(requestsMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000), failures: failures.size, messages });
      const report = [...failures].map(([problem, { count, example }]) => `${problem} (×${count})\n    örnek: ${example}`);
      expect(report, `FUZZ_SEED=${FUZZ_SEED} (rota tohumu ${seed}) ile yeniden üretilir`).toEqual([]);
    }, FUZZ_TIMEOUT_MS);
  });
}
