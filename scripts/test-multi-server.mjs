// `node scripts/test-multi-server.mjs` (after `npm run build`): two Sofra processes on one
// PostgreSQL (ADR 0012), proven with real HTTP against the built server.
//
//   (a) Mutfağa Gönder on process A reaches a kitchen screen's event stream on process B
//   (b) a session made on A works on B
//   (c) one Idempotency-Key sent to A and B at the same moment runs once (lines, a payment)
//   (e) the LISTEN connection of B is terminated: it comes back, the stream is told to resync
//       (catch up) and events flow again
//   (d) kill -9 of one process during a burst of writes: every acknowledged write is stored, once
//
// A fresh database is made on the local PostgreSQL (TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards; ports 5304-5305.
// Exit status 0 only when every check passed. MULTI_KEEP=1 keeps the database.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, hidePassword, reachable, sqlClient } from './faults/databases.mjs';
import { ServerProcess, serveNodeArgs } from './faults/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_JS = path.join(ROOT, 'dist/server/server.js');
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PORTS = [5304, 5305];
const PASSWORD = 'demo1234';
/** waiting for an event: generous, a loaded machine is slow; only "it arrived" is judged */
const EVENT_TIMEOUT_MS = 15_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = performance.now();

if (!existsSync(SERVER_JS)) {
  console.error('dist/server/server.js yok: önce `npm run build` çalıştırın. (Build the app first.)');
  process.exit(2);
}
if (!(await reachable(PG_URL))) {
  console.error(`PostgreSQL'e bağlanılamadı (${hidePassword(PG_URL)}): çok sunuculu test ÇALIŞTIRILMADI. (PostgreSQL unreachable.)`);
  process.exit(process.env.CI ? 1 : 2);
}

const results = [];
let lastReport = performance.now();
function report(ok, tr, en, detail = '') {
  results.push(ok);
  const took = Math.round((performance.now() - lastReport) / 100) / 10;
  lastReport = performance.now();
  console.log(`${ok ? 'TAMAM' : 'HATA '} ${tr} / ${en}${detail ? ` — ${detail}` : ''} [${took} s]`);
}

/** One signed-in person against one process (the cookie travels between processes in (b)). */
class Client {
  constructor(base, cookie = '', restaurantId = '') {
    Object.assign(this, { base, cookie, restaurantId });
  }
  on(base) {
    return new Client(base, this.cookie, this.restaurantId);
  }
  async login(email) {
    const res = await this.request('POST', '/api/auth/login', { email, password: PASSWORD, remember: false });
    if (res.status !== 200) throw new Error(`${email} girişi: HTTP ${res.status} ${res.text}`);
    this.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    this.restaurantId = res.json.restaurantId;
    return this;
  }
  async request(method, urlPath, body, key) {
    const headers = { cookie: this.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const res = await fetch(`${this.base}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, text, json, headers: res.headers, replay: res.headers.get('idempotent-replay') === 'true' };
  }
  /** under /api/restaurants/:id; any status other than 2xx throws */
  async api(method, urlPath, body, key) {
    const res = await this.request(method, `/api/restaurants/${this.restaurantId}${urlPath}`, body, key);
    if (res.status >= 300) throw new Error(`${method} ${urlPath}: HTTP ${res.status} ${res.text}`);
    return res.json;
  }
}

/** A screen's event stream (/api/events): every SSE message with the moment it arrived. */
class EventStream {
  constructor(base, cookie) {
    this.messages = [];
    this.waiters = new Set();
    this.controller = new AbortController();
    this.opened = this.open(base, cookie);
  }
  async open(base, cookie) {
    const res = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: this.controller.signal });
    if (res.status !== 200) throw new Error(`olay akışı: HTTP ${res.status}`);
    this.reading = this.read(res.body.getReader());
    await this.next((m) => m.event === 'ready' || m.event === 'resync', EVENT_TIMEOUT_MS);
  }
  async read(reader) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const m = { at: performance.now(), event: 'message', id: null, data: null };
          for (const line of block.split('\n')) {
            const i = line.indexOf(':');
            const [field, value] = i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1).trimStart()];
            if (field === 'event') m.event = value;
            else if (field === 'id') m.id = value;
            else if (field === 'data') m.data = value ? JSON.parse(value) : null;
          }
          this.messages.push(m);
          for (const w of [...this.waiters]) w(m);
        }
      }
    } catch {
      // aborted at the end
    }
  }
  /** The first message from now (or already received after `since`) that matches; null on timeout. */
  next(match, timeoutMs, since = Infinity) {
    const earlier = this.messages.find((m) => m.at >= since && match(m));
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve) => {
      const waiter = (m) => {
        if (!match(m)) return;
        finish(m);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      const finish = (m) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(m);
      };
      this.waiters.add(waiter);
    });
  }
  close() {
    this.controller.abort();
  }
}

const isChange = (ticketId) => (m) => m.event === 'change' && m.data?.id === ticketId && (m.data.type === 'kitchen' || m.data.type === 'tickets');

let database = null;
const servers = [];
const streams = [];
let sql = null;
const dataDirs = [];

async function main() {
  database = await createDatabase(PG_URL);
  console.log(`Veritabanı / database: ${database.name} (${hidePassword(PG_URL)})`);
  sql = await sqlClient(database.url);
  // One DATA_DIR for both, as in production (one volume on every process): photos and the server's
  // key (device cookies, PIN hashes) live there, not in the database (ADR 0012).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sofra-multi-'));
  dataDirs.push(dataDir);
  const startServer = async (port, seed) => {
    const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: seed ? '1' : '0', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
    delete env.DATABASE_OWNER_URL;
    const server = new ServerProcess({ root: ROOT, serverJs: SERVER_JS, port, env, nodeArgs: serveNodeArgs(ROOT), readyTimeoutMs: 60_000 });
    servers.push(server);
    const ms = await server.start();
    return { server, ms };
  };
  // One after the other: the first migrates and writes the demo data, the second finds both done.
  const a = await startServer(PORTS[0], true);
  const b = await startServer(PORTS[1], false);
  const A = a.server.url;
  const B = b.server.url;
  console.log(`Süreç A / process A: ${A} (${Math.round(a.ms)} ms), süreç B / process B: ${B} (${Math.round(b.ms)} ms)`);
  lastReport = performance.now();

  // --- set-up on A: a section and tables of this run, the menu, the people
  const owner = await new Client(A).login('owner@demo.local');
  const waiter = await new Client(A).login('waiter@demo.local');
  const kitchenOnB = await new Client(B).login('kitchen@demo.local');
  const section = await owner.api('POST', '/sections', { name: `Çoklu Sunucu ${randomBytes(3).toString('hex')}` }, `ms-setup-s-${randomBytes(6).toString('hex')}`);
  const tables = [];
  for (let i = 0; i < 12; i++) {
    tables.push(await owner.api('POST', '/tables', { sectionId: section.id, name: `ÇS-${i + 1}`, x: i * 90, y: 0 }, `ms-setup-t${i}-${randomBytes(6).toString('hex')}`));
  }
  const menu = await owner.api('GET', '/menu');
  const itemId = menu.items.find((i) => i.isAvailable && i.optionGroupIds.length === 0)?.id;
  if (!itemId) throw new Error('demo menüsünde seçeneksiz ürün yok');
  const freeTables = [...tables];
  const openTicket = async (client) => client.api('POST', '/tickets', { type: 'table', tableId: freeTables.shift().id, guests: 2 }, `ms-open-${randomBytes(6).toString('hex')}`);
  const addLines = async (client, ticket, note, key = `ms-l-${randomBytes(6).toString('hex')}`) =>
    client.api('POST', `/tickets/${ticket.id}/lines`, { version: ticket.version, lines: [{ menuItemId: itemId, quantity: 1, note }] }, key);

  // --- (a) a send on A reaches a kitchen stream on B
  {
    const stream = new EventStream(B, kitchenOnB.cookie);
    streams.push(stream);
    await stream.opened;
    let ticket = await openTicket(waiter);
    ticket = await addLines(waiter, ticket, 'çoklu sunucu (a)');
    const t0 = performance.now();
    const sent = await waiter.api('POST', `/tickets/${ticket.id}/send`, { version: ticket.version }, `ms-send-${randomBytes(6).toString('hex')}`);
    const answered = performance.now();
    const arrived = await stream.next(isChange(ticket.id), EVENT_TIMEOUT_MS, t0);
    report(
      !!arrived && sent.batch.lineIds.length === 1,
      "(a) A'da Mutfağa Gönder, B'deki mutfak ekranına ulaştı",
      "(a) a send on A reached a kitchen stream on B",
      arrived ? `${Math.round(arrived.at - t0)} ms after the request (${Math.round(arrived.at - answered)} ms after A answered)` : `no event within ${EVENT_TIMEOUT_MS / 1000} s`,
    );
  }

  // --- (b) a session made on A works on B
  {
    const onB = waiter.on(B);
    const session = await onB.request('GET', '/api/auth/session');
    const sessionA = await waiter.request('GET', '/api/auth/session');
    const tableList = await onB.request('GET', `/api/restaurants/${waiter.restaurantId}/tables`);
    let ticket = await openTicket(onB);
    ticket = await addLines(onB, ticket, 'çoklu sunucu (b)');
    const readOnA = await waiter.api('GET', `/tickets/${ticket.id}`);
    // the sign-in limit is one for both: 10 wrong passwords per account, spread over A and B
    const guesser = [new Client(A), new Client(B)];
    const guess = async (i) => (await guesser[i % 2].request('POST', '/api/auth/login', { email: 'tahmin@demo.local', password: `yanlis-${i}`, remember: false })).status;
    const guesses = [];
    // one at a time on each process, both at once: ten wrong passwords, then the eleventh
    for (let i = 0; i < 10; i += 2) guesses.push(...(await Promise.all([guess(i), guess(i + 1)])));
    guesses.push(await guess(10));
    const limited = guesses.slice(0, 10).every((st) => st === 401) && guesses[10] === 429;
    const ok = session.status === 200 && session.json?.uid === sessionA.json?.uid && tableList.status === 200 && readOnA.lines?.length === 1 && limited;
    report(
      ok,
      "(b) A'da açılan oturum B'de çalışıyor; giriş sınırı ikisinde ortak",
      '(b) a session made on A works on B; the sign-in limit is shared',
      `session ${session.status}, read ${tableList.status}, write on B read back on A: ${readOnA.lines?.length ?? 0} line; wrong passwords on A/B in turn: ${guesses.join(' ')}`,
    );
  }

  // --- (c) one key, sent to A and B at the same moment, runs once
  {
    const onB = waiter.on(B);
    let ticket = await openTicket(waiter);
    const key = `ms-same-${randomBytes(8).toString('hex')}`;
    const note = `aynı anahtar ${key}`;
    const body = { version: ticket.version, lines: [{ menuItemId: itemId, quantity: 2, note }] };
    const both = async (p, b, k) => {
      let [ra, rb] = await Promise.all([waiter.request('POST', p, b, k), onB.request('POST', p, b, k)]);
      // "still in progress" (409) is the answer while the other process holds the claim: retry until the verdict
      for (let i = 0; i < 100 && (ra.status === 409 || rb.status === 409); i++) {
        await sleep(50);
        if (ra.status === 409) ra = await waiter.request('POST', p, b, k);
        if (rb.status === 409) rb = await onB.request('POST', p, b, k);
      }
      return [ra, rb];
    };
    const [la, lb] = await both(`/api/restaurants/${waiter.restaurantId}/tickets/${ticket.id}/lines`, body, key);
    const [{ n: lineRows }] = await sql.query('select count(*)::int as n from ticket_lines where ticket_id = $1 and note = $2', [ticket.id, note]);
    const linesOk = la.status === 200 && lb.status === 200 && la.replay !== lb.replay && lineRows === 1;
    ticket = la.json;
    ticket = (await waiter.api('POST', `/tickets/${ticket.id}/send`, { version: ticket.version }, `ms-send-${randomBytes(6).toString('hex')}`)).ticket;
    const payKey = `ms-pay-${randomBytes(8).toString('hex')}`;
    const [pa, pb] = await both(`/api/restaurants/${waiter.restaurantId}/tickets/${ticket.id}/payments`, { method: 'cash', amount: 100 }, payKey);
    const [{ n: paymentRows }] = await sql.query('select count(*)::int as n from payments where ticket_id = $1', [ticket.id]);
    const payOk = pa.status === 200 && pb.status === 200 && pa.json?.paymentId === pb.json?.paymentId && paymentRows === 1;
    report(
      linesOk && payOk,
      "(c) aynı Idempotency-Key A ve B'ye aynı anda: bir kez çalıştı",
      '(c) one Idempotency-Key on A and B at once ran once',
      `lines: ${la.status}/${lb.status} (replay ${la.replay}/${lb.replay}), rows ${lineRows}; payment: ${pa.status}/${pb.status}, rows ${paymentRows}`,
    );
  }

  // --- (e) B's LISTEN connection is terminated: it comes back, the stream catches up, events flow
  {
    const stream = new EventStream(B, kitchenOnB.cookie);
    streams.push(stream);
    await stream.opened;
    const listenerOf = async (server) =>
      (await sql.query("select pid from pg_stat_activity where datname = current_database() and application_name = $1", [`sofra-listen ${server.child.pid}`]))[0]?.pid ?? null;
    const before = await listenerOf(b.server);
    let ticket = await openTicket(waiter);
    ticket = await addLines(waiter, ticket, 'çoklu sunucu (e)');
    const t0 = performance.now();
    const [{ ok: terminated }] = before ? await sql.query('select pg_terminate_backend($1) as ok', [before]) : [{ ok: false }];
    // A send while B is not listening: its NOTIFY may be lost to B; the resync covers it
    const sent = await waiter.api('POST', `/tickets/${ticket.id}/send`, { version: ticket.version }, `ms-send-${randomBytes(6).toString('hex')}`);
    const resync = await stream.next((m) => m.event === 'resync', EVENT_TIMEOUT_MS, t0);
    let after = null;
    for (let i = 0; i < 100 && !after; i++) {
      after = await listenerOf(b.server);
      if (after === before) after = null;
      if (!after) await sleep(50);
    }
    const duringOutage = stream.messages.some((m) => m.at >= t0 && isChange(ticket.id)(m));
    // after the reconnect: a new send on A reaches B's stream again
    let next = await openTicket(waiter);
    next = await addLines(waiter, next, 'çoklu sunucu (e2)');
    const t1 = performance.now();
    await waiter.api('POST', `/tickets/${next.id}/send`, { version: next.version }, `ms-send-${randomBytes(6).toString('hex')}`);
    const flowed = await stream.next(isChange(next.id), EVENT_TIMEOUT_MS, t1);
    report(
      !!terminated && !!after && !!resync && !!flowed && sent.batch.lineIds.length === 1,
      "(e) LISTEN bağlantısı koparıldı: yeniden bağlandı, ekran yeniden okudu (resync), olaylar akıyor",
      '(e) the LISTEN connection was terminated: it reconnected, the stream caught up (resync), events flow again',
      `backend ${before} → ${after}; resync ${resync ? `${Math.round(resync.at - t0)} ms` : 'none'} after the terminate; the send during the outage ${duringOutage ? 'also arrived' : 'was covered by the resync'}; next event ${flowed ? `${Math.round(flowed.at - t1)} ms` : 'none'}`,
    );
  }

  // --- (d) kill -9 of A during a burst of writes: every acknowledged write is stored, once
  {
    const onB = waiter.on(B);
    const writers = [];
    const acked = [];
    let attempted = 0;
    let failed = 0;
    let stop = false;
    const runId = randomBytes(4).toString('hex');
    for (let w = 0; w < 4; w++) {
      const base = w % 2 === 0 ? waiter : onB;
      let ticket = await openTicket(base);
      writers.push(
        (async () => {
          for (let n = 0; !stop; n++) {
            // after the kill, A's writers carry on against B: a waiter's phone goes to the address that answers
            const client = base === waiter && servers[0].exitInfo ? onB : base;
            const note = `patlama ${runId} ${w} ${n}`;
            attempted++;
            try {
              const res = await client.request(
                'POST',
                `/api/restaurants/${waiter.restaurantId}/tickets/${ticket.id}/lines`,
                { version: ticket.version, lines: [{ menuItemId: itemId, quantity: 1, note }] },
                `ms-burst-${runId}-${w}-${n}`,
              );
              if (res.status === 200) {
                acked.push(note);
                ticket = res.json;
              } else {
                failed++;
                if (res.status === 409) ticket = await client.api('GET', `/tickets/${ticket.id}`);
              }
            } catch {
              failed++; // no answer: the process died under it; not acknowledged
              await sleep(20);
              try {
                ticket = await onB.api('GET', `/tickets/${ticket.id}`);
              } catch {
                // try again on the next write
              }
            }
          }
        })(),
      );
    }
    await sleep(1500);
    const ackedAtKill = acked.length;
    await servers[0].killGroup();
    await sleep(1500);
    stop = true;
    await Promise.all(writers);
    const stored = await sql.query("select note, count(*)::int as n from ticket_lines where note like $1 group by note", [`patlama ${runId} %`]);
    const storedCount = new Map(stored.map((r) => [r.note, r.n]));
    const missing = acked.filter((note) => storedCount.get(note) !== 1);
    const doubled = stored.filter((r) => r.n > 1);
    const unacked = stored.filter((r) => !acked.includes(r.note)).length;
    report(
      missing.length === 0 && doubled.length === 0 && acked.length > ackedAtKill && ackedAtKill > 0,
      "(d) yazma sırasında A'ya kill -9: onaylanan her yazma veritabanında, bir kez",
      '(d) kill -9 of A during a burst: every acknowledged write is stored, once',
      `${attempted} sent, ${acked.length} acknowledged (${ackedAtKill} before the kill), ${stored.length} stored, ${missing.length} acknowledged but missing, ${doubled.length} doubled, ${unacked} stored without an answer (died after the commit), ${failed} refused or unanswered`,
    );
  }
}

let crashed = null;
try {
  await main();
} catch (err) {
  crashed = err;
  console.error(`HATA  test durdu / the test stopped: ${err.stack ?? err}`);
  for (const s of servers) if (s.output) console.error(`--- ${s.url}\n${s.tail?.() ?? s.output.slice(-2000)}`);
} finally {
  for (const s of streams) s.close();
  for (const s of servers) await s.stop(5000).catch(() => {});
  await sql?.close().catch(() => {});
  if (database && process.env.MULTI_KEEP !== '1') await database.drop().catch((err) => console.error(`veritabanı silinemedi: ${err.message}`));
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}

const passed = !crashed && results.length === 5 && results.every(Boolean);
console.log(`${passed ? 'TAMAM' : 'HATA '} çok sunuculu test / multi-server test: ${results.filter(Boolean).length}/5 (${Math.round((performance.now() - started) / 1000)} s)`);
process.exit(passed ? 0 : 1);
