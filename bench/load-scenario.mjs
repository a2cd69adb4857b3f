// A busy evening across many restaurants (after `npm run build`): `node bench/load-scenario.mjs`
// See bench/LOAD-SCENARIO.md. On one fresh PostgreSQL database (`sofra_load` on 127.0.0.1:5432,
// dropped and recreated at the start of every invocation, dropped at its end):
//  - R restaurants (default 100), each with W waiters (default 10), 2 kitchen screens and the
//    owner's screen; a menu of 12 dishes, 3 tables per waiter;
//  - every waiter does one action every ~THINK ms (default 30 s, exponential pauses): open a table,
//    add lines, Mutfağa Gönder, add more, Mutfağa Gönder again, take the payment (card or cash),
//    close the bill — on its own tables, so nothing conflicts and every answer must be 2xx. Before
//    the measurement every table is moved to a random one of these 7 steps (mid-evening);
//  - the 3 screens of each restaurant hold live streams (GET /api/events, SSE) and count the
//    events delivered; the lag from a Mutfağa Gönder request to its event on the kitchen screens
//    is measured too;
//  - on 1 and then on 2 server processes (ports 4100-4199, one DATABASE_URL, one DATA_DIR): requests
//    are spread over the processes round-robin (a load balancer), the streams too.
// Then (--ramp) the load is raised in steps until the p99 of Mutfağa Gönder or of the payment passes
// 100 ms. CPU (% of one core, /proc/<pid>/stat utime+stime) and RSS of every server process, of the
// PostgreSQL backends serving sofra_load and of this generator, which shares the cores; what the
// backends wait on (pg_stat_activity) and transactions per action (pg_stat_database).
//
// Set-up is fast: restaurants, staff, menus and tables are written with the server's own
// runCreateRestaurant (bundled from src/ like the other in-process benches) and every person gets
// a session row directly (as POST /api/auth/login would insert it): 1,300 scrypt logins would take
// minutes on two cores. One real login through the route checks the accounts.
//
// Flags (or env): --duration=S (LOAD_DURATION_S, 60)  --restaurants=N (LOAD_RESTAURANTS, 100)
//   --waiters=N (LOAD_WAITERS, 10)  --think=MS (LOAD_THINK_MS, 30000)  --processes=1,2 (LOAD_PROCESSES)
//   --warmup=S (LOAD_WARMUP_S, 5)  --ramp (LOAD_RAMP=1)  --ramp-duration=S (LOAD_RAMP_DURATION_S, 20)
//   --ramp-steps=W:MS,... (LOAD_RAMP_STEPS: waiters per restaurant : think ms)  --limit-ms=100
//   (LOAD_LIMIT_MS)  --refetch (LOAD_REFETCH=1: screens also re-read their board after each burst
//   of events, as the app does). LOAD_SERVER_ROOT=dir measures another tree's build (e.g. a clean
//   `git archive` of HEAD); LOAD_KEEP_DB=1 keeps sofra_load afterwards.
// Quick check: node bench/load-scenario.mjs --duration=10 --restaurants=10 --processes=1
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePortInRange, ServerProcess, serveNodeArgs } from '../scripts/faults/server.mjs';
import { PG_ADMIN_URL, ROOT, assertBuilt, printResult, removeDir, sleep, tempDataDir } from './lib.mjs';

/**
 * The tree whose server is measured: this repository (after `npm run build`), or LOAD_SERVER_ROOT,
 * e.g. a clean export of a commit (`git archive HEAD | tar -x -C /tmp/sofra-head`, node_modules
 * linked, server bundled) while the working tree is being edited. The seeding modules are bundled
 * from the same tree, so the seed matches the schema the server migrates to.
 */
const SERVER_ROOT = path.resolve(process.env.LOAD_SERVER_ROOT ?? ROOT);
const SERVER_JS = path.join(SERVER_ROOT, 'dist/server/server.js');

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string' },
    restaurants: { type: 'string' },
    waiters: { type: 'string' },
    think: { type: 'string' },
    processes: { type: 'string' },
    warmup: { type: 'string' },
    ramp: { type: 'boolean' },
    'ramp-duration': { type: 'string' },
    'ramp-steps': { type: 'string' },
    refetch: { type: 'boolean' },
    'limit-ms': { type: 'string' },
  },
});
const num = (flag, env, def) => Number(flag ?? process.env[env] ?? def);
const CFG = {
  durationS: num(flags.duration, 'LOAD_DURATION_S', 60),
  restaurants: num(flags.restaurants, 'LOAD_RESTAURANTS', 100),
  waiters: num(flags.waiters, 'LOAD_WAITERS', 10),
  thinkMs: num(flags.think, 'LOAD_THINK_MS', 30_000),
  processes: String(flags.processes ?? process.env.LOAD_PROCESSES ?? '1,2').split(',').map(Number),
  warmupS: num(flags.warmup, 'LOAD_WARMUP_S', 5),
  ramp: flags.ramp ?? process.env.LOAD_RAMP === '1',
  rampDurationS: num(flags['ramp-duration'], 'LOAD_RAMP_DURATION_S', 20),
  rampSteps: String(flags['ramp-steps'] ?? process.env.LOAD_RAMP_STEPS ?? '10:20000,10:15000,10:10000,10:7500,10:5000,10:3000,10:2000,10:1000,10:500')
    .split(',')
    .map((s) => s.split(':').map(Number))
    .map(([waiters, thinkMs]) => ({ waiters, thinkMs })),
  refetch: flags.refetch ?? process.env.LOAD_REFETCH === '1',
  limitMs: num(flags['limit-ms'], 'LOAD_LIMIT_MS', 100),
  kitchenScreens: 2,
  tablesPerWaiter: 3,
};
const TARGET_P99_MS = 50;
const DB_NAME = 'sofra_load';
const DB_URL = PG_ADMIN_URL.replace(/\/postgres$/, `/${DB_NAME}`);
const ENDPOINTS = ['open', 'lines', 'send', 'payment', 'close'];
const ENDPOINT_LABEL = {
  open: 'POST /tickets (masa aç)',
  lines: 'POST /tickets/:id/lines',
  send: 'POST …/send (Mutfağa Gönder)',
  payment: 'POST …/payments',
  close: 'POST …/close',
  refetch: 'GET kitchen/floor (refetch)',
};
const CLK_TCK = 100; // getconf CLK_TCK on Linux

// ------------------------------------------------------------------ measurement helpers
const pct = (values, p) => {
  if (!values.length) return null;
  const s = Float64Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const r1 = (n) => (n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10) / 10);
const procTicks = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return null;
  }
};
const rssMb = (pid) => {
  try {
    return r1(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return null;
  }
};
/** The PostgreSQL backends serving our database (their cmdline names it), by pid. */
function pgBackendTicks() {
  const out = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmd.startsWith('postgres:') || !cmd.includes(` ${DB_NAME} `)) continue;
    const t = procTicks(pid);
    if (t !== null) out.set(pid, t);
  }
  return out;
}
const machineTicks = () => {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { total, busy: total - cpu[3] - cpu[4] };
};

/** CPU and memory between two snapshots: servers, our database's PostgreSQL backends, this generator, the machine. */
function cpuSnapshot(servers) {
  return {
    at: performance.now(),
    servers: servers.map((s) => procTicks(s.child.pid)),
    pg: pgBackendTicks(),
    gen: process.cpuUsage(),
    machine: machineTicks(),
  };
}
function cpuBetween(a, b, servers, rssPeaks) {
  const seconds = (b.at - a.at) / 1000;
  const pctOfCore = (ticks) => r1((100 * ticks) / CLK_TCK / seconds);
  let pgTicks = 0;
  for (const [pid, t] of b.pg) pgTicks += t - (a.pg.get(pid) ?? 0); // a backend opened meanwhile counts whole
  const gen = process.cpuUsage(a.gen);
  const machineBusy = b.machine.busy - a.machine.busy;
  const machineTotal = b.machine.total - a.machine.total;
  const cores = os.availableParallelism();
  const serversPct = servers.map((s, i) => ({
    port: s.port,
    cpuPctOfCore: pctOfCore(b.servers[i] - a.servers[i]),
    rssMb: rssMb(s.child.pid),
    rssPeakMb: rssPeaks?.[i] ?? null,
  }));
  const genPct = r1((100 * (gen.user + gen.system)) / 1e6 / seconds);
  const pgPct = pctOfCore(pgTicks);
  const machinePct = r1((100 * cores * machineBusy) / machineTotal); // in % of one core, like the others
  const ours = serversPct.reduce((a, s) => a + s.cpuPctOfCore, 0) + genPct + pgPct;
  return {
    servers: serversPct,
    postgresBackendsPctOfCore: pgPct,
    postgresBackends: b.pg.size,
    generatorPctOfCore: genPct,
    generatorRssMb: r1(process.memoryUsage().rss / 1048576),
    machineBusyPctOfCore: machinePct,
    otherPctOfCore: r1(Math.max(0, machinePct - ours)),
    cores,
  };
}

/** Our database's counters (pg_stat_database): transactions and rows, to put per action. */
async function pgStats() {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    const { rows } = await c.query('select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as read, tup_inserted as inserted, tup_updated as updated, tup_deleted as deleted, blks_read from pg_stat_database where datname = $1', [DB_NAME]);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  } finally {
    await c.end();
  }
}

/**
 * What our database's backends are doing, sampled every 200 ms on one connection: per sample, the
 * active ones by wait event (none = on CPU), and how many are idle in a transaction. Where the time
 * goes when the p99 climbs: lock waits (a restaurant's row), NOTIFY's queue lock, I/O, or nothing.
 */
function sampleWaits() {
  const counts = new Map();
  let samples = 0;
  let stopped = false;
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  const done = (async () => {
    await c.connect();
    while (!stopped) {
      const { rows } = await c.query(
        `select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'CPU') else state end as what, count(*)::int as n
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle' group by 1`,
        [DB_NAME],
      );
      samples++;
      for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
      await sleep(200);
    }
    await c.end();
  })();
  return {
    async stop() {
      stopped = true;
      await done.catch(() => {});
      // average number of backends in each state per sample
      return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, Math.round((n / Math.max(1, samples)) * 100) / 100]));
    },
  };
}

/** Which tables are read by sequential scans (pg_stat_user_tables): where "rows read per action" goes. */
async function tableScans() {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select relname as table, seq_scan::bigint as "seqScans", seq_tup_read::bigint as "seqRowsRead", coalesce(idx_scan, 0)::bigint as "indexScans", n_live_tup::bigint as rows
       from pg_stat_user_tables order by seq_tup_read desc limit 8`,
    );
    return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'table' ? v : Number(v)])));
  } finally {
    await c.end();
  }
}

// ------------------------------------------------------------------ database and servers
async function admin(sql) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
const recreateDatabase = async () => {
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
};

async function startServers(count, dataDir) {
  const servers = [];
  for (let i = 0; i < count; i++) {
    const port = await freePortInRange(Math.random, 4100, 4199);
    const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: DB_URL, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
    delete env.DATABASE_OWNER_URL;
    const server = new ServerProcess({ root: SERVER_ROOT, serverJs: SERVER_JS, port, env, nodeArgs: serveNodeArgs(ROOT), readyTimeoutMs: 120_000 });
    const ms = await server.start(); // one after the other: the first migrates, the next finds it done
    servers.push(server);
    console.log(`  process ${i + 1}: ${server.url} pid ${server.child.pid} ready in ${Math.round(ms)} ms`);
  }
  return servers;
}

// ------------------------------------------------------------------ seeding
const MENU = [
  { icon: '🍲', name: 'Çorbalar', items: [['Mercimek Çorbası', 9000], ['Ezogelin', 9000], ['Yayla Çorbası', 9500], ['İşkembe', 12000]] },
  { icon: '🍖', name: 'Ana Yemekler', items: [['Adana Kebap', 38000], ['İskender', 42000], ['Tavuk Şiş', 30000], ['Köfte', 32000]] },
  { icon: '🥤', name: 'İçecekler', items: [['Ayran', 4000], ['Şalgam', 4500], ['Çay', 2000], ['Su', 1500]] },
];
const PASSWORD = 'yuk-testi-1234';

async function seed(lib, restaurants, waitersPerRestaurant) {
  const t0 = performance.now();
  const database = await lib.openDatabase({ kind: 'postgres', url: DB_URL, migrate: false });
  const { db } = database;
  const hub = new lib.EventHub();
  const passwordHash = await lib.hashPassword(PASSWORD); // one scrypt, shared by every account
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  const token = () => lib.newToken();
  const out = new Array(restaurants);
  const one = async (i) => {
    const people = [
      { role: 'owner', email: `owner.r${i}@load.local`, name: `Sahip ${i}`, kind: 'owner' },
      ...Array.from({ length: CFG.kitchenScreens }, (_, k) => ({ role: 'kitchen', email: `kitchen${k}.r${i}@load.local`, name: `Mutfak ${k + 1}`, kind: 'kitchen' })),
      ...Array.from({ length: waitersPerRestaurant }, (_, w) => ({ role: 'waiter', email: `waiter${w}.r${i}@load.local`, name: `Garson ${w + 1}`, kind: 'waiter' })),
    ].map((p) => ({ ...p, token: token() }));
    out[i] = await lib.runCreateRestaurant({ db, hub, commandHooks: lib.commandHooks() }, `Yük Lokantası ${i + 1}`, async (c) => {
      const rid = c.restaurantId;
      const users = await c.tx.insert(lib.users).values(people.map((p) => ({ email: p.email, name: p.name, passwordHash }))).returning({ id: lib.users.id, email: lib.users.email });
      const idOf = new Map(users.map((u) => [u.email, u.id]));
      await c.tx.insert(lib.memberships).values(people.map((p) => ({ userId: idOf.get(p.email), restaurantId: rid, role: p.role })));
      // what a sign-in inserts (auth.service.ts): the cookie carries the token, the row its SHA-256
      await c.tx.insert(lib.sessions).values(people.map((p) => ({ tokenHash: lib.hashToken(p.token), userId: idOf.get(p.email), restaurantId: rid, expiresAt })));
      const itemIds = [];
      for (const [ci, cat] of MENU.entries()) {
        const [row] = await c.tx.insert(lib.menuCategories).values({ restaurantId: rid, icon: cat.icon, name: cat.name, sortOrder: ci }).returning({ id: lib.menuCategories.id });
        const items = await c.tx
          .insert(lib.menuItems)
          .values(cat.items.map(([name, price], k) => ({ restaurantId: rid, categoryId: row.id, name, priceKurus: price, sortOrder: k, station: 'Mutfak' })))
          .returning({ id: lib.menuItems.id });
        itemIds.push(...items.map((x) => x.id));
      }
      const [section] = await c.tx.insert(lib.sections).values({ restaurantId: rid, name: 'Salon', sortOrder: 0 }).returning({ id: lib.sections.id });
      const tableCount = waitersPerRestaurant * CFG.tablesPerWaiter;
      const tables = await c.tx
        .insert(lib.diningTables)
        .values(Array.from({ length: tableCount }, (_, t) => ({ restaurantId: rid, sectionId: section.id, name: `Masa ${t + 1}`, sortOrder: t, x: (t % 10) * 100, y: Math.floor(t / 10) * 100 })))
        .returning({ id: lib.diningTables.id });
      await c.audit({ action: 'restaurant.create', entity: 'restaurant', entityId: rid, after: { name: `Yük Lokantası ${i + 1}` }, reason: 'yük testi' });
      return { id: rid, people, itemIds, tableIds: tables.map((t) => t.id) };
    });
  };
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < restaurants) await one(next++);
  }));
  await database.close();
  return { restaurants: out, ms: Math.round(performance.now() - t0) };
}

// ------------------------------------------------------------------ the run's state
let servers = [];
let rr = 0;
const nextBase = () => servers[rr++ % servers.length].url; // round-robin, as a load balancer
let phase = null; // { name, stats: {endpoint: number[]}, errors: [], inflight }
const allErrors = [];

function newPhase(name) {
  return { name, stats: Object.fromEntries([...ENDPOINTS, 'refetch'].map((e) => [e, []])), errors: [], inflight: 0, recording: name !== 'warm-up', sendLags: [], events: 0, startedAt: performance.now() };
}

function recordError(p, e) {
  allErrors.push({ phase: p.name, ...e });
  p.errors.push(e);
  if (allErrors.length <= 20) console.log(`  ERROR [${p.name}] ${e.endpoint}: ${e.status ?? 'network'} ${e.path ?? ''} ${e.body ?? ''}`.slice(0, 800));
  if (e.status >= 500 && !p.serverLogShown) {
    p.serverLogShown = true; // the server's own account of its first 5xx of the phase
    for (const sv of servers) console.log(`  --- server :${sv.port} log (tail) ---\n${sv.output.slice(-2500)}`);
  }
}

/** One API call of a person; the latency counts for the phase it started in. */
async function call(person, endpoint, method, urlPath, body) {
  const p = phase;
  p.inflight++;
  const t0 = performance.now();
  try {
    const headers = { cookie: person.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = crypto.randomUUID();
    let res;
    let text;
    try {
      res = await fetch(`${nextBase()}/api/restaurants/${person.restaurantId}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
      text = await res.text();
    } catch (err) {
      recordError(p, { endpoint, status: null, body: String(err?.cause?.code ?? err?.message ?? err) });
      throw err;
    }
    const ms = performance.now() - t0;
    if (p.recording) p.stats[endpoint].push(ms);
    if (res.status < 200 || res.status > 299) {
      recordError(p, { endpoint, status: res.status, body: text.slice(0, 500), path: urlPath });
      throw new Error(`${endpoint}: HTTP ${res.status}`);
    }
    return text ? JSON.parse(text) : null;
  } finally {
    p.inflight--;
  }
}

// ------------------------------------------------------------------ screens (SSE)
class Screen {
  constructor(person, restaurant, base, kind) {
    Object.assign(this, { person, restaurant, base, kind });
    this.events = 0;
    this.seen = new Map(); // type:id → times, to name what a screen missed
    this.pending = new Map(); // ticketId → t0 of its Mutfağa Gönder
    this.controller = new AbortController();
    this.closed = false;
    this.refetchTimer = null;
  }
  async open() {
    const res = await fetch(`${this.base}/api/events`, { headers: { cookie: this.person.cookie, accept: 'text/event-stream' }, signal: this.controller.signal });
    if (res.status !== 200) throw new Error(`/api/events: HTTP ${res.status} ${await res.text()}`);
    let markReady;
    this.ready = new Promise((r) => (markReady = r));
    this.reading = this.read(res.body.getReader(), markReady);
    await this.ready;
  }
  async read(reader, markReady) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let data = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data = line.slice(5).trim();
          }
          if (event === 'ready' || event === 'resync') {
            markReady();
            if (event === 'resync') this.resyncs = (this.resyncs ?? 0) + 1;
          } else if (event === 'change') this.onChange(JSON.parse(data));
        }
      }
    } catch (err) {
      if (this.closed) return;
      recordError(phase, { endpoint: 'events', status: null, body: `stream broke: ${err?.message}` });
      return;
    }
    if (!this.closed) recordError(phase, { endpoint: 'events', status: null, body: 'stream ended by the server' });
  }
  onChange(e) {
    this.events++;
    const key = `${e.type}:${e.id ?? ''}`;
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    if (phase?.recording) phase.events++;
    if (e.type === 'kitchen' && this.pending.has(e.id)) {
      if (phase?.recording) phase.sendLags.push(performance.now() - this.pending.get(e.id));
      this.pending.delete(e.id);
    }
    if (CFG.refetch && !this.refetchTimer && !this.closed) {
      // the app re-reads once per burst of events (live-invalidation.ts): one read 100 ms later
      this.refetchTimer = setTimeout(() => {
        this.refetchTimer = null;
        if (this.closed) return;
        call(this.person, 'refetch', 'GET', this.kind === 'kitchen' ? '/kitchen/orders?scope=active' : '/floor').catch(() => {});
      }, 100);
    }
  }
  close() {
    this.closed = true;
    clearTimeout(this.refetchTimer);
    this.controller.abort();
  }
}

// ------------------------------------------------------------------ waiters
const expPause = (mean) => -Math.log(1 - Math.random()) * mean;
let thinkMs = CFG.thinkMs;

class Waiter {
  constructor(person, restaurant, index) {
    Object.assign(this, { person, restaurant, index });
    const t = CFG.tablesPerWaiter;
    this.tables = restaurant.tableIds.slice(index * t, index * t + t).map((id) => ({ id, ticket: null, step: 0, broken: false }));
    this.turn = 0;
    this.active = false;
    this.busy = null;
    this.timer = null;
    this.actions = 0;
  }
  schedule(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.act(), delay);
  }
  activate(on) {
    this.active = on;
    if (!on) {
      clearTimeout(this.timer);
      this.timer = null;
    } else if (!this.busy) this.schedule(expPause(thinkMs)); // exponential: restarting the pause is fair
  }
  async act() {
    this.timer = null;
    if (!this.active) return;
    this.busy = this.step().catch(() => {});
    await this.busy;
    this.busy = null;
    if (this.active) this.schedule(expPause(thinkMs));
  }
  lines() {
    const items = this.restaurant.itemIds;
    const n = 1 + Math.floor(Math.random() * 3);
    return Array.from({ length: n }, () => ({ menuItemId: items[Math.floor(Math.random() * items.length)], quantity: 1 + Math.floor(Math.random() * 2) }));
  }
  /** The next step of the next of this waiter's tables: open, lines, send, lines, send, payment, close. */
  async step() {
    const usable = this.tables.filter((t) => !t.broken);
    if (!usable.length) return;
    await this.advance(usable[this.turn++ % usable.length]);
  }
  async advance(table) {
    if (table.broken) return;
    this.actions++;
    try {
      switch (table.step) {
        case 0:
          table.ticket = await call(this.person, 'open', 'POST', '/tickets', { type: 'table', tableId: table.id, guests: 2 + Math.floor(Math.random() * 4) });
          break;
        case 1:
        case 3:
          table.ticket = await call(this.person, 'lines', 'POST', `/tickets/${table.ticket.id}/lines`, { version: table.ticket.version, lines: this.lines() });
          break;
        case 2:
        case 4: {
          const t0 = performance.now();
          for (const s of this.restaurant.kitchenScreens) s.pending.set(table.ticket.id, t0);
          table.ticket = (await call(this.person, 'send', 'POST', `/tickets/${table.ticket.id}/send`, { version: table.ticket.version })).ticket;
          break;
        }
        case 5: {
          const due = table.ticket.totals.remaining;
          const body = Math.random() < 0.5 ? { version: table.ticket.version, method: 'card', amount: due } : { version: table.ticket.version, method: 'cash', amount: due, given: Math.ceil(due / 10000) * 10000 };
          table.ticket = await call(this.person, 'payment', 'POST', `/tickets/${table.ticket.id}/payments`, body);
          break;
        }
        case 6:
          await call(this.person, 'close', 'POST', `/tickets/${table.ticket.id}/close`, { version: table.ticket.version });
          table.ticket = null;
          break;
      }
      table.step = (table.step + 1) % 7;
    } catch {
      table.broken = true; // its state is unknown now: left alone (the error is reported)
    }
  }
}

// ------------------------------------------------------------------ phases
async function runPhase(name, seconds, activeWaiters, waiters, think) {
  thinkMs = think;
  const p = newPhase(name);
  phase = p;
  for (const w of waiters) w.activate(w.index < activeWaiters);
  const pgBefore = await pgStats();
  const waits = sampleWaits();
  const before = cpuSnapshot(servers);
  const peaks = servers.map(() => 0);
  const sampler = setInterval(() => servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i], rssMb(s.child.pid) ?? 0))), 1000);
  await sleep(seconds * 1000);
  clearInterval(sampler);
  const after = cpuSnapshot(servers);
  p.waits = await waits.stop();
  // from here on, requests belong to no measured phase; the ones started in this one finish into it
  phase = { ...newPhase('between'), recording: false };
  await sleep(1100); // backends flush their counters to pg_stat_database at most once a second (PostgreSQL 15): approximate
  const pgAfter = await pgStats();
  p.pg = Object.fromEntries(Object.keys(pgAfter).map((k) => [k, pgAfter[k] - pgBefore[k]]));
  servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i], rssMb(s.child.pid) ?? 0)));
  // requests that started in this phase finish into it (the next phase has begun meanwhile, if any)
  const t0 = performance.now();
  return { p, cpu: cpuBetween(before, after, servers, peaks), seconds, activeWaiters, think, waitInflight: async () => {
    while (p.inflight > 0 && performance.now() - t0 < 35_000) await sleep(20);
  } };
}

function summarise(run, restaurants) {
  const { p, cpu, seconds, activeWaiters, think } = run;
  const endpoints = {};
  let total = 0;
  for (const e of [...ENDPOINTS, ...(CFG.refetch ? ['refetch'] : [])]) {
    const v = p.stats[e];
    total += e === 'refetch' ? 0 : v.length;
    endpoints[e] = { n: v.length, perSec: r1(v.length / seconds), p50Ms: r1(pct(v, 50)), p99Ms: r1(pct(v, 99)), maxMs: r1(v.length ? Math.max(...v) : null), errors: p.errors.filter((x) => x.endpoint === e).length };
  }
  return {
    phase: p.name,
    seconds,
    waitersPerRestaurant: activeWaiters,
    thinkMs: think,
    offeredActionsPerSec: r1((restaurants * activeWaiters * 1000) / think),
    actionsPerSec: r1(total / seconds),
    endpoints,
    errors: p.errors.length,
    errorSamples: p.errors.slice(0, 5),
    events: { delivered: p.events, perSec: r1(p.events / seconds), sendToKitchenP50Ms: r1(pct(p.sendLags, 50)), sendToKitchenP99Ms: r1(pct(p.sendLags, 99)), sendToKitchenSamples: p.sendLags.length },
    cpu,
    // CPU time per action (ms): independent of how much of the cores others left us, so it projects
    // what 2 dedicated cores would carry: 2000 / (server + PostgreSQL + generator ms) actions/s
    cpuMsPerAction: total
      ? {
          servers: r1((cpu.servers.reduce((a, x) => a + x.cpuPctOfCore, 0) * 10 * seconds) / total),
          postgres: r1((cpu.postgresBackendsPctOfCore * 10 * seconds) / total),
          generator: r1((cpu.generatorPctOfCore * 10 * seconds) / total),
        }
      : null,
    postgresBackendsBusy: p.waits,
    postgres: p.pg && total ? { transactions: p.pg.xacts, perAction: r1(p.pg.xacts / total), rowsReadPerAction: r1(p.pg.read / total), rowsWrittenPerAction: r1((p.pg.inserted + p.pg.updated + p.pg.deleted) / total) } : null,
  };
}

const pad = (s, n) => String(s ?? '—').padStart(n);
function printPhase(s) {
  console.log(`\n  ${s.phase}: ${s.seconds} s, ${s.waitersPerRestaurant} waiters × ${CFG.restaurants} restaurants, a step every ~${s.thinkMs / 1000} s each → offered ${s.offeredActionsPerSec} actions/s, done ${s.actionsPerSec}/s`);
  console.log(`    ${'endpoint'.padEnd(30)}${pad('n', 7)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('errors', 8)}`);
  for (const [e, v] of Object.entries(s.endpoints)) console.log(`    ${ENDPOINT_LABEL[e].padEnd(30)}${pad(v.n, 7)}${pad(v.perSec, 8)}${pad(v.p50Ms, 8)}${pad(v.p99Ms, 8)}${pad(v.maxMs, 8)}${pad(v.errors, 8)}`);
  console.log(`    events delivered: ${s.events.delivered} (${s.events.perSec}/s); Mutfağa Gönder → kitchen screen: p50 ${s.events.sendToKitchenP50Ms} ms, p99 ${s.events.sendToKitchenP99Ms} ms (${s.events.sendToKitchenSamples})`);
  for (const sv of s.cpu.servers) console.log(`    server :${sv.port}: CPU ${sv.cpuPctOfCore}% of a core, RSS ${sv.rssMb} MB (peak ${sv.rssPeakMb} MB)`);
  console.log(`    PostgreSQL backends of ${DB_NAME} (${s.cpu.postgresBackends}): ${s.cpu.postgresBackendsPctOfCore}% · load generator: ${s.cpu.generatorPctOfCore}% (RSS ${s.cpu.generatorRssMb} MB) · machine busy ${s.cpu.machineBusyPctOfCore}% of ${s.cpu.cores * 100}% · other processes ${s.cpu.otherPctOfCore}%`);
  if (s.cpuMsPerAction) {
    const c = s.cpuMsPerAction;
    console.log(`    CPU per action: server(s) ${c.servers} ms, PostgreSQL ${c.postgres} ms, generator ${c.generator} ms → 2 dedicated cores ≈ ${Math.round(2000 / (c.servers + c.postgres + c.generator))} actions/s, one Node process ≤ ${Math.round((1000 * servers.length) / c.servers)}/s`);
  }
  if (s.postgres) console.log(`    PostgreSQL ${DB_NAME}: ${s.postgres.transactions} transactions (${s.postgres.perAction} per action, counting the screens' session checks), rows read ${s.postgres.rowsReadPerAction} / written ${s.postgres.rowsWrittenPerAction} per action`);
  if (s.postgresBackendsBusy) console.log(`    PostgreSQL backends not idle (average per 200 ms sample): ${Object.entries(s.postgresBackendsBusy).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  console.log(`    errors: ${s.errors}`);
}

// ------------------------------------------------------------------ set-up, then each process count
/**
 * One database for the whole invocation (dropped and recreated at its start): seeded, every table
 * moved to a random step of its evening, then measured on 1 process, then on 2 (the second process
 * joins the first on the same database, as a scale-out would), and so on.
 */
async function setUp(lib, dataDir) {
  await recreateDatabase();
  servers = await startServers(1, dataDir); // migrates
  const maxWaiters = Math.max(CFG.waiters, ...(CFG.ramp ? CFG.rampSteps.map((s) => s.waiters) : []));
  const seeded = await seed(lib, CFG.restaurants, maxWaiters);
  console.log(`  seeded ${CFG.restaurants} restaurants × (${maxWaiters} waiters, ${CFG.kitchenScreens} kitchen, 1 owner, ${maxWaiters * CFG.tablesPerWaiter} tables, 12 dishes) in ${seeded.ms} ms`);
  // one real sign-in through the route: the seeded accounts are real ones
  const r0 = seeded.restaurants[0];
  const login = await fetch(`${servers[0].url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: r0.people[0].email, password: PASSWORD, remember: false }) });
  if (login.status !== 200) throw new Error(`login check: HTTP ${login.status} ${await login.text()}`);
  const waiters = [];
  for (const r of seeded.restaurants) {
    for (const p of r.people) Object.assign(p, { cookie: `sofra_session=${p.token}`, restaurantId: r.id });
    r.people.filter((x) => x.kind === 'waiter').forEach((p, i) => waiters.push(new Waiter(p, r, i)));
    r.kitchenScreens = [];
  }
  // mid-evening, not the opening minute: every table is moved to a random one of its 7 steps (not
  // measured), so each kind of action is ~1/7 of the traffic from the first second
  phase = newPhase('warm-up');
  const t0 = performance.now();
  const jobs = waiters.filter((w) => w.index < CFG.waiters).flatMap((w) => w.tables.map((t) => ({ w, t, k: Math.floor(Math.random() * 7) })));
  // shuffled: in order, all workers would queue on one restaurant's lock (commands of a restaurant run one at a time)
  for (let i = jobs.length - 1; i > 0; i--) {
    const r = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[r]] = [jobs[r], jobs[i]];
  }
  let j = 0;
  await Promise.all(Array.from({ length: 48 }, async () => {
    while (j < jobs.length) {
      const { w, t, k } = jobs[j++];
      for (let i = 0; i < k; i++) await w.advance(t);
    }
  }));
  console.log(`  pre-filled ${jobs.length} tables to random steps (${jobs.reduce((a, x) => a + x.k, 0)} requests) in ${Math.round(performance.now() - t0)} ms`);
  return { seeded, waiters };
}

async function runWith(processCount, { seeded, waiters }, dataDir) {
  console.log(`\n=== ${processCount} server process${processCount > 1 ? 'es' : ''} on one PostgreSQL (${DB_NAME}) ===`);
  while (servers.length > processCount) await servers.pop().stop();
  if (servers.length < processCount) servers.push(...(await startServers(processCount - servers.length, dataDir)));
  const screens = [];
  try {
    phase = newPhase('warm-up');
    let s = 0;
    for (const r of seeded.restaurants) {
      r.kitchenScreens = [];
      for (const p of r.people.filter((x) => x.kind !== 'waiter')) {
        const screen = new Screen(p, r, servers[s++ % servers.length].url, p.kind);
        screens.push(screen);
        if (p.kind === 'kitchen') r.kitchenScreens.push(screen);
      }
    }
    for (let i = 0; i < screens.length; i += 50) {
      await Promise.all(screens.slice(i, i + 50).map((x) => x.open().catch(async (err) => {
        // a refused stream is an error of the run; the screen tries again once, as the app's EventSource would
        recordError(phase, { endpoint: 'events', status: null, body: `${err.message} (server ${x.base}: ${servers.find((sv) => sv.url === x.base)?.output.slice(-1500)})` });
        await sleep(1000);
        await x.open();
      })));
    }
    // count from here: a screen opened in a later batch than its sibling would otherwise miss, in the
    // comparison below, what happened between the two (the pre-fill's late events), though nothing was lost
    await sleep(500);
    for (const x of screens) {
      x.events = 0;
      x.seen.clear();
    }
    console.log(`  ${screens.length} screens on live streams (${servers.map((sv) => `:${sv.port} ${screens.filter((x) => x.base === sv.url).length}`).join(', ')}); requests round-robin over ${servers.map((sv) => sv.port).join(', ')}`);

    if (CFG.warmupS > 0) {
      const w = await runPhase('warm-up', CFG.warmupS, CFG.waiters, waiters, CFG.thinkMs);
      await w.waitInflight();
    }
    const steadyRun = await runPhase(`steady (${processCount}p)`, CFG.durationS, CFG.waiters, waiters, CFG.thinkMs);
    await steadyRun.waitInflight();
    const steady = summarise(steadyRun, CFG.restaurants);
    printPhase(steady);

    const ramp = [];
    let breakPoint = null;
    if (CFG.ramp) {
      console.log(`\n  ramp: steps of ${CFG.rampDurationS} s until the p99 of Mutfağa Gönder or of the payment passes ${CFG.limitMs} ms`);
      for (const step of CFG.rampSteps) {
        const run = await runPhase(`ramp ${step.waiters}w/${step.thinkMs}ms (${processCount}p)`, CFG.rampDurationS, step.waiters, waiters, step.thinkMs);
        await run.waitInflight();
        const sum = summarise(run, CFG.restaurants);
        printPhase(sum);
        ramp.push(sum);
        const worst = Math.max(sum.endpoints.send.p99Ms ?? 0, sum.endpoints.payment.p99Ms ?? 0);
        if (worst > CFG.limitMs) {
          const last = ramp.at(-2) ?? null;
          const brief = (x) => x && { waiters: x.waitersPerRestaurant, thinkMs: x.thinkMs, actionsPerSec: x.actionsPerSec, sendP99Ms: x.endpoints.send.p99Ms, paymentP99Ms: x.endpoints.payment.p99Ms };
          breakPoint = { brokeAt: brief(sum), lastPassing: brief(last) };
          console.log(`  → p99 passed ${CFG.limitMs} ms at ${sum.actionsPerSec} actions/s (${step.waiters} waiters, ${step.thinkMs} ms); last step under it: ${last ? `${last.actionsPerSec} actions/s` : 'none'}`);
          break;
        }
      }
      if (!breakPoint) console.log(`  → p99 stayed under ${CFG.limitMs} ms at every step`);
    }
    // stop: waiters first, then let the last events arrive, then count what each screen got
    for (const w of waiters) w.activate(false);
    await Promise.all(waiters.map((w) => w.busy));
    await sleep(3000);
    const perRestaurant = seeded.restaurants.map((r) => screens.filter((x) => x.restaurant === r).map((x) => x.events));
    const missing = perRestaurant.reduce((a, counts) => a + counts.reduce((b, c) => b + (Math.max(...counts) - c), 0), 0);
    // which events a screen lacks that a sibling screen (same restaurant) got: named, with their process
    const gaps = [];
    for (const r of seeded.restaurants) {
      const mine = screens.filter((x) => x.restaurant === r);
      for (const x of mine) {
        for (const y of mine) {
          for (const [key, n] of y.seen) if ((x.seen.get(key) ?? 0) < n) gaps.push({ screen: `${x.kind}@${x.base.slice(-4)}`, sibling: `${y.kind}@${y.base.slice(-4)}`, event: key, got: x.seen.get(key) ?? 0, siblingGot: n });
        }
      }
    }
    for (const g of gaps.slice(0, 10)) console.log(`  missing on a screen: ${JSON.stringify(g)}`);
    const delivered = screens.reduce((a, x) => a + x.events, 0);
    const resyncs = screens.reduce((a, x) => a + (x.resyncs ?? 0), 0);
    console.log(`\n  streams: ${delivered} events delivered while ${processCount} process(es) ran, ${missing} fewer on some screen than on its restaurant's others, ${resyncs} resyncs`);
    return { processes: processCount, steady, ramp, breakPoint, streams: { screens: screens.length, delivered, missingVsSiblings: missing, resyncs, gapSamples: gaps.slice(0, 10) } };
  } finally {
    for (const w of waiters) w.activate(false);
    for (const x of screens) x.close();
  }
}

// ------------------------------------------------------------------ main
if (SERVER_ROOT === ROOT) assertBuilt();
const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
console.log(`load scenario: ${CFG.restaurants} restaurants × ${CFG.waiters} waiters (a step every ~${CFG.thinkMs / 1000} s) + ${CFG.kitchenScreens} kitchen screens + owner screen, ${CFG.durationS} s, processes ${CFG.processes.join(' and ')}${CFG.refetch ? ', screens refetch on events' : ''}`);
console.log(`server: ${SERVER_JS}`);
console.log(`machine: ${cpuModel}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}; the generator runs on the same cores`);
const { build } = await import('esbuild');
const bundle = path.join(ROOT, 'bench/.out/load-scenario.mjs');
await build({
  stdin: {
    contents: [
      "export { openDatabase } from './src/server/db/client.ts';",
      "export { runCreateRestaurant } from './src/server/lib/command.ts';",
      "export { commandHooks } from './src/server/command-hooks.ts';",
      "export { EventHub } from './src/server/modules/events/event-hub.ts';",
      "export { hashPassword } from './src/server/modules/auth/password.ts';",
      "export { hashToken, newToken } from './src/server/modules/auth/tokens.ts';",
      "export { users, memberships, sessions, menuCategories, menuItems, sections, diningTables } from './src/server/db/schema.ts';",
    ].join('\n'),
    resolveDir: SERVER_ROOT,
    sourcefile: 'bench-load-scenario-entry.ts',
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const lib = await import(bundle);
const result = { date: new Date().toISOString(), serverJs: SERVER_JS, machine: { cpu: cpuModel, cores: os.availableParallelism(), node: process.version }, config: CFG, targetP99Ms: TARGET_P99_MS, runs: [] };
const dataDir = tempDataDir(); // one DATA_DIR for every process, as in production (ADR 0012)
try {
  console.log(`\n=== set-up: ${DB_NAME} on ${PG_ADMIN_URL.replace(/\/postgres$/, '')} ===`);
  const state = await setUp(lib, dataDir);
  result.seedMs = state.seeded.ms;
  for (const n of CFG.processes) result.runs.push(await runWith(n, state, dataDir));
  result.tableScans = await tableScans();
  console.log('\ntables by rows read in sequential scans over the whole invocation (pg_stat_user_tables):');
  for (const t of result.tableScans) console.log(`  ${t.table.padEnd(28)} seq scans ${pad(t.seqScans, 8)}  rows read by them ${pad(t.seqRowsRead, 11)}  index scans ${pad(t.indexScans, 9)}  rows ${pad(t.rows, 8)}`);
} finally {
  for (const sv of servers) await sv.stop().catch(() => {});
  servers = [];
  removeDir(dataDir);
  if (!process.env.LOAD_KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
}

console.log('\nsummary (steady phase): p99 ms of Mutfağa Gönder / payment — target ≤ ' + TARGET_P99_MS);
for (const r of result.runs) {
  const e = r.steady.endpoints;
  const ok = e.send.p99Ms <= TARGET_P99_MS && e.payment.p99Ms <= TARGET_P99_MS;
  console.log(`  ${r.processes} process(es): send ${e.send.p99Ms} / payment ${e.payment.p99Ms} ${ok ? 'OK' : 'OVER'}; errors ${r.steady.errors}; events ${r.steady.events.delivered}` + (r.breakPoint ? `; ramp broke ${CFG.limitMs} ms at ${r.breakPoint.brokeAt.actionsPerSec} actions/s (last under: ${r.breakPoint.lastPassing?.actionsPerSec ?? '—'})` : ''));
}
result.errors = allErrors.length;
result.errorSamples = allErrors.slice(0, 20);
printResult(result);
process.exit(allErrors.length ? 1 : 0);
