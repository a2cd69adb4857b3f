// `npm run bench`: builds if needed, runs each benchmark in its own process (so one's memory
// and CPU leftovers do not colour the next), and writes bench/RESULTS.md. Never part of the tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULT_PREFIX, ROOT, SERVER_JS } from './lib.mjs';

const BENCHMARKS = ['cold-start', 'http-load', 'login-attack', 'send-to-kitchen', 'close-bill', 'kitchen', 'floor-100', 'bundle-size', 'public-menu', 'accessibility', 'memory'];
const OUT = path.join(ROOT, 'bench/RESULTS.md');

if (!existsSync(SERVER_JS) || !existsSync(path.join(ROOT, 'dist/client/index.html'))) {
  console.log('dist/ is missing: running `npm run build` first.');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

/** Runs one script, echoing its output, and returns the JSON from its last result line. */
function runBenchmark(name) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name} ===`);
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', `${name}.mjs`)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      // The machine-readable line is for us, not for the reader of the console.
      const text = String(d).split('\n').filter((l) => !l.startsWith(RESULT_PREFIX)).join('\n');
      process.stdout.write(text);
    });
    child.on('exit', (code) => {
      const line = out.split('\n').reverse().find((l) => l.startsWith(RESULT_PREFIX));
      const seconds = Math.round((performance.now() - t0) / 1000);
      resolve(code === 0 && line ? { seconds, data: JSON.parse(line.slice(RESULT_PREFIX.length)) } : { seconds, error: `exit code ${code}` });
    });
  });
}

function machine() {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const tryRun = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const dirty = tryRun('git', ['status', '--porcelain', '--', 'src', 'scripts', 'index.html', 'menu.html', 'vite.config.ts']);
  return {
    nproc: tryRun('nproc', []) ?? String(os.availableParallelism()),
    cpu,
    memoryGib: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    chromium: tryRun(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version']),
    commit: (tryRun('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown') + (dirty ? ' + uncommitted source changes' : ''),
    built: new Date(statSync(SERVER_JS).mtimeMs).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
    date: new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  };
}

// Other processes on these cores skew every figure. Measure them: CPU time spent by the whole
// machine (/proc/stat) minus what this process and its reaped descendants used (/proc/self/stat).
const TICK_FIELDS = { utime: 11, stime: 12, cutime: 13, cstime: 14 }; // indexes after "pid (comm)"
function cpuTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number); // guest time is already in user
  const self = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').map(Number);
  return {
    total: cpu.reduce((a, b) => a + b, 0),
    busy: cpu.reduce((a, b) => a + b, 0) - cpu[3] - cpu[4], // minus idle and iowait
    ours: Object.values(TICK_FIELDS).reduce((a, i) => a + self[i], 0),
  };
}

const info = machine();
const ticksBefore = cpuTicks();
const t0 = performance.now();
const results = {};
for (const name of BENCHMARKS) results[name] = await runBenchmark(name);
const totalSeconds = Math.round((performance.now() - t0) / 1000);
const ticksAfter = cpuTicks();
const delta = (k) => ticksAfter[k] - ticksBefore[k];
const othersPercent = Math.max(0, Math.round((100 * (delta('busy') - delta('ours'))) / delta('total')));

// ---- RESULTS.md ---------------------------------------------------------------------------

const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const section = (name, render) => {
  const r = results[name];
  return `(${r.seconds} s)\n\n` + (r.error ? `**Failed** (${r.error}); see the console output of \`node bench/${name}.mjs\`.` : render(r.data));
};

const coldStart = (d) =>
  table(
    ['Data directory', 'min', 'median', `runs (${d.repetitions})`, 'RSS when ready (median)'],
    [
      ['empty (migrations + demo seed)', d.emptyDataDir],
      ['existing (restart)', d.existingDataDir],
    ].map(([label, s]) => [label, `${s.minMs} ms`, `${s.medianMs} ms`, s.runsMs.map((m) => `${m}`).join(', ') + ' ms', `${s.rssMedianMb} MB`]),
  );

const httpLoad = (d) =>
  d.databases
    .map(
      (db) =>
        `**${db.database}** — server RSS: ${db.rss.afterStartMb} MB after start, ${db.rss.afterMenuMb} MB after the menu runs, ` +
        `${db.rss.afterLoginMb} MB during the login backlog.\n\n` +
        table(
          ['Endpoint', 'Connections', 'req/s (avg)', 'p50', 'p99', 'completed', 'non-2xx', 'errors'],
          db.runs.map((r) => [`\`${r.endpoint}\``, r.connections, r.reqPerSec, `${r.p50Ms} ms`, `${r.p99Ms} ms`, r.completed, r.non2xx, r.errors]),
        ),
    )
    .join('\n\n') + (d.postgresSkipped ? '\n\n**PostgreSQL runs skipped**: nothing answered at 127.0.0.1:5432.' : '');

const statusList = (statuses) =>
  Object.entries(statuses)
    .map(([code, n]) => `${n}×${code}`)
    .join(', ');
const timings = (byWho) =>
  Object.entries(byWho)
    .map(([who, t]) => `${who}: ${statusList(t.statuses)}, median ${t.medianMs} ms, max ${t.maxMs} ms`)
    .join('; ');
const loginAttack = (d) =>
  table(
    ['Scenario', 'Result'],
    [
      ['Sign-ins, nobody attacking', timings(d.quiet)],
      ['60 simultaneous guesses, one account, one address (right one last)', `${d.guessesOneAddress.evaluated} passwords evaluated, ${d.guessesOneAddress.signedIn}×200; ${statusList(d.guessesOneAddress.statuses)}`],
      ['60 simultaneous guesses, one account, 60 addresses', `${d.guessesManyAddresses.evaluated} passwords evaluated, ${d.guessesManyAddresses.signedIn}×200; ${statusList(d.guessesManyAddresses.statuses)}`],
      [`Flood: 200 connections, wrong passwords for the owner, one address, 15 s`, `${d.flood.requests} requests (${d.flood.reqPerSec}/s): ${statusList(d.flood.statuses)}; p99 ${d.flood.p99Ms} ms`],
      ['Sign-ins from other addresses during that flood', timings(d.duringFlood)],
      ['Right after the flood, the owner', `new browser ${d.afterFlood.ownerNewBrowser}, known device ${d.afterFlood.ownerKnownDevice}`],
      ['Flood: 200 connections, made-up emails, a new address per request, 5 s', `${d.botnet.requests} requests (${d.botnet.reqPerSec}/s): ${statusList(d.botnet.statuses)}; p99 ${d.botnet.p99Ms} ms`],
      ['Sign-ins during that flood', timings(d.duringBotnet)],
    ],
  );

const bundleSize = (d) => {
  const kb = (b) => `${(b / d.kbBytes).toFixed(1)} KB`;
  return table(
    ['Route', 'JS gzip', 'CSS gzip', 'Total gzip', 'Target', 'Result', 'Files'],
    d.routes.map((r) => [
      `\`${r.route}\``,
      kb(r.jsGzip),
      kb(r.cssGzip),
      `**${kb(r.totalGzip)}**` + (r.staticTotalGzip === r.totalGzip ? '' : ` (static walk: ${kb(r.staticTotalGzip)})`),
      r.target === null ? '—' : `≤ ${kb(r.target)}`,
      r.pass === null ? '—' : r.pass ? 'PASS' : '**FAIL**',
      r.files.join(', '),
    ]),
  );
};

const ok = (pass) => (pass ? 'PASS' : '**FAIL**');
const publicMenu = (d) =>
  table(
    ['Measure', 'Result', 'Budget', ''],
    [
      ['Page JS+CSS (gzip)', `${d.page.gzipKb} KB`, `≤ ${d.budget.gzipKb} KB`, ok(d.pass.gzip)],
      ['Lighthouse 12 mobile performance (median)', d.lighthouse.performance, `≥ ${d.budget.performance}`, ok(d.pass.performance)],
      ['Lighthouse 12 mobile accessibility (median)', d.lighthouse.accessibility, `≥ ${d.budget.accessibility}`, ok(d.pass.accessibility)],
      [`API, ${d.api.items} items, ${d.api.connections} connections: p99`, `${d.api.p99Ms} ms (${d.api.reqPerSec} req/s)`, `≤ ${d.budget.p99Ms} ms`, ok(d.pass.p99)],
      ['Request with the current ETag', `${d.check304.status}, ${d.check304.bodyBytes} B body`, '304', ok(d.pass.notModified)],
    ],
  ) + `\n\nLCP ${d.lighthouse.lcpMs} ms, FCP ${d.lighthouse.fcpMs} ms, TBT ${d.lighthouse.tbtMs} ms, CLS ${d.lighthouse.cls}; menu JSON ${d.menuJsonBytes} B, ${d.menuGzipBytes} B gzip.`;

const sendToKitchen = (d) => {
  const pace = d.databases[0]?.pace;
  const rows = d.databases.flatMap((db) => [
    [db.database, '1, back to back (nothing waits in front)', db.alone],
    ...db.runs.map((r) => [db.database, `${r.connections}, back to back (saturation)`, r]),
    [db.database, `${pace?.waiters}, a send every ~${(pace?.meanPauseMs ?? 0) / 1000} s each (evening pace)`, db.pace],
  ]);
  return (
    table(
      ['Database', 'Waiters', 'sends', 'sends/s', 'p50', 'p99', 'max'],
      rows.filter(([, , r]) => r).map(([database, how, r]) => [database, how, r.sends, r.perSec, `${r.p50Ms} ms`, `${r.p99Ms} ms`, `${r.maxMs} ms`]),
    ) +
    `\n\nTarget: p99 ≤ ${d.targetP99MsAt10OnPglite} ms at 10 waiters on PGlite.` +
    (d.postgresSkipped ? ' PostgreSQL runs skipped: nothing answered at 127.0.0.1:5432.' : '')
  );
};

const closeBill = (d) =>
  table(
    ['Database', 'Concurrent waiters', 'bills', 'bills/s', '3 payments + close p50', 'p99', 'close alone p50', 'p99', `${d.databases[0]?.numbering.closes ?? 20} concurrent closes`],
    d.databases.flatMap((db) =>
      db.runs.map((r) => [
        db.database,
        r.connections,
        r.bills,
        r.perSec,
        `${r.settleP50Ms} ms`,
        `${r.settleP99Ms} ms`,
        `${r.closeP50Ms} ms`,
        `${r.closeP99Ms} ms`,
        `bill numbers ${db.numbering.first}…${db.numbering.last}: ${db.numbering.consecutive ? 'consecutive' : '**GAP OR DUPLICATE**'}`,
      ]),
    ),
  ) + (d.postgresSkipped ? '\n\nPostgreSQL runs skipped: nothing answered at 127.0.0.1:5432.' : '');

const kitchen = (d) =>
  table(
    ['Measure', 'p50', 'p95', 'max'],
    [
      [`send → card in the kitchen page's DOM, first ${Math.min(200, d.render.sends)} of ${d.render.sends} sends`, `${d.render.first200.p50} ms`, `${d.render.first200.p95} ms`, `${d.render.first200.max} ms`],
      [`send → card, last ${Math.min(200, d.render.sends)}`, `${d.render.last200.p50} ms`, `${d.render.last200.p95} ms`, `${d.render.last200.max} ms`],
      [`status change → event on each of ${d.fanOut.streams} streams (${d.fanOut.deliveries} deliveries)`, `${d.fanOut.p50} ms`, `${d.fanOut.p95} ms`, `${d.fanOut.max} ms`],
    ],
  ) + `\n\nKitchen page JS heap ${d.render.before.heapMb} → ${d.render.after.heapMb} MB and DOM ${d.render.before.domNodes} → ${d.render.after.domNodes} nodes over the sends (after a forced GC).`;

const memory = (d) =>
  table(
    ['Moment (PGlite, demo data)', 'RSS', 'Target', ''],
    [
      ['First start on an empty DATA_DIR: peak (VmHWM)', `${d.firstStart.peakMb} MB`, '≤ 450 MB', ok(d.firstStart.peakMb <= 450)],
      ['Right after the first start, at rest', `${d.firstStart.restMb} MB`, '—', ''],
      ['After a restart on that directory, at rest', `${d.restart.restMb} MB`, '≤ 200 MB', ok(d.restart.restMb <= 200)],
      [`3 s after ${d.loadSeconds} s of mixed load`, `${d.load.soonMb} MB`, '—', ''],
      [`After ${d.loadSeconds} s of mixed load, at rest`, `${d.load.restMb} MB`, '≤ 200 MB', ok(d.load.restMb <= 200)],
      ['Peak during the load (includes one login: scrypt holds 128 MB)', `${d.load.peakMb} MB`, '—', ''],
    ],
  ) + `\n\nServer started as \`node ${d.nodeArgs} dist/server/server.js\` (\`npm run serve\`). Load: ${d.load.requests} requests, ${d.load.reqPerSec} req/s at 10 connections, ${d.load.non2xx} non-2xx, ${d.load.errors} errors.`;

const floor100 = (d) =>
  table(
    ['Measure (CPU throttled ' + d.throttle + '×)', 'median', 'runs', 'target'],
    [
      [`page load → all ${d.tables} tables on screen (${d.open} open tickets)`, `${d.readyMedianMs} ms`, d.runs.map((r) => r.readyMs).join(', ') + ' ms', '—'],
      ['from another screen (sidebar link) → all tables on screen', `${d.inAppMedianMs} ms`, d.runs.map((r) => r.inAppMs).join(', ') + ' ms', `≤ ${d.targetMs} ms`],
      ['tap on an open table → its adisyon lines', `${d.tapMedianMs} ms`, d.runs.map((r) => r.tapMs).join(', ') + ' ms', '—'],
    ],
  );

const accessibility = (d) =>
  table(
    ['Screen', 'Lighthouse accessibility', 'failed audits', `budget ≥ ${d.budget}`],
    d.results.map((r) => [r.screen, r.accessibility, r.failed.length ? r.failed.join(', ') : '—', ok(r.accessibility >= d.budget)]),
  );

const httpDurations = () => {
  const d = results['http-load'].data;
  return d ? `${d.menuDurationS} s per menu row after a 1 s warm-up, ${d.loginDurationS} s per login row` : 'see bench/http-load.mjs';
};
const loginCeiling = () => {
  const ms = results['http-load'].data?.scryptMs;
  return ms ? `${ms} ms here, a ceiling of about ${((Number(info.nproc) * 1000) / ms).toFixed(1)} logins/s on ${info.nproc} cores` : 'hundreds of ms';
};
const md = `# Sofra benchmarks

Written by \`npm run bench\` (bench/run-all.mjs) in ${totalSeconds} s. Rerun with \`npm run build && npm run bench\`.
The benchmarks only talk to 127.0.0.1 and are not part of \`npm test\`.

## Machine

${table(
  ['', ''],
  [
    ['CPU', `${info.cpu}, nproc ${info.nproc}`],
    ['Memory', `${info.memoryGib} GiB`],
    ['Node', info.node],
    ['Chromium', info.chromium ?? 'not found'],
    ['Commit', info.commit],
    ['dist/ built', info.built],
    ['Date', info.date],
    ['CPU used by other processes during the run', `${othersPercent} % of all cores`],
  ],
)}
${othersPercent > 10 ? `\n> Other processes used ${othersPercent} % of the CPU while the benchmarks ran: the figures below are lower (and\n> noisier) than on an idle machine.\n` : ''}
## Cold start ${section('cold-start', coldStart)}

Time from spawning \`node dist/server/server.js\` (PGlite) until \`GET /api/health\` answers 200, polled every 10 ms,
including Node's own start-up. "Empty" is a new \`DATA_DIR\`: PGlite initdb, migrations and the demo seed, which
hashes five passwords with scrypt N=2^17. "Existing" restarts on the directory the first start wrote. RSS is
\`VmRSS\` from \`/proc/<pid>/status\` 200 ms after ready.

## HTTP load ${section('http-load', httpLoad)}

autocannon against a fresh server with the demo seed: ${httpDurations()}. Once on PGlite, once on a
throw-away PostgreSQL database (dropped afterwards). Request logging off (\`LOG_LEVEL=warn\`). autocannon runs
on the same cores as the server, so these are floors. req/s is autocannon's average of its per-second samples;
"completed" counts the responses that arrived within the window.

Login is deliberately slow: every attempt runs scrypt N=2^17, r=8 (128 MB of memory each, on libuv's
four-thread pool). One hash took ${loginCeiling()}. Login throughput is therefore
bounded by the CPU, not by the database, and more connections only add queueing (p50/p99); at 100 connections
most requests are still queued when the window ends. All these logins come from one address, so once
that address has 4 password checks in the server's bounded line, further ones are answered \`429\` at
once (counted in non-2xx); see "Login under attack".

## Login under attack ${section('login-attack', loginAttack)}

\`node bench/login-attack.mjs\`: PGlite with the demo seed and \`TRUST_PROXY=1\`, so \`X-Forwarded-For\` stands in for
the client's address. Every 401 or 200 is one password evaluated. The owner's browser signed in once before the
attack and holds a device cookie; the waiter's browser is new. Sign-ins during a flood are timed about once a
second. The flood client runs on the same cores as the server.

## Mutfağa Gönder under load ${section('send-to-kitchen', sendToKitchen)}

\`node bench/send-to-kitchen.mjs\`: each virtual waiter opens a Gel-Al ticket, adds a line (not timed) and sends it
(timed) in a loop, a new ticket every ten sends, for the window above. Each send is the whole pipeline: the
restaurant lock, the version check, the batch, the audit row, the live events, the Idempotency-Key claim and the
ticket read that answers it. One process drives the load on the same cores as the server.

How to read it: one restaurant's commands run one after another (the restaurant lock; PGlite is a single
connection anyway), so a send that arrives while others are running waits for them. "Back to back" keeps every
waiter sending again the moment its answer arrives, adding a line between sends: at 10 waiters a send waits behind
up to 9 adds or sends, so its latency is about ten times one send's cost and measures throughput, not what a waiter
feels. The evening pace still sends dozens of times faster than a full restaurant does.

## Hesabı Kapat under load ${section('close-bill', closeBill)}

\`node bench/close-bill.mjs\`: each virtual waiter opens a Gel-Al ticket with 30 lines and sends it (not timed),
then splits it into three equal shares, pays them by card, meal card and cash (with change) and closes it (timed),
in a loop for the window above. Each payment and the close are the whole pipeline: the restaurant lock, the
version check, the bill maths over 30 lines, the audit row, the live events, the Idempotency-Key claim and the
ticket read that answers it. Then 20 paid tickets are closed at once: their bill numbers must follow each other.

## Kitchen display ${section('kitchen', kitchen)}

\`node bench/kitchen.mjs\`: a waiter's send until the card is in the open kitchen page (system Chromium), each card
bumped twenty sends later; then 200 event streams and a kitchen status change until every stream has it.

## Accessibility of the staff screens ${section('accessibility', accessibility)}

\`node bench/accessibility.mjs\`: Lighthouse 12 accessibility (mobile emulation) with the system Chromium on the login
page and each role's first dashboard screen, signed in with the demo accounts. Every screen and tab is also
checked in the e2e suite by axe-core at 390×844 (touch) and 1366×768 (\`tests/e2e/a11y/every-screen.spec.ts\`).

## Memory ${section('memory', memory)}

\`bench/memory.mjs\`: the built server on a new PGlite \`DATA_DIR\` (initdb, migrations, demo seed), stopped and
restarted on the same directory, then 10 connections of mixed traffic (public menu, the owner's menu, tables,
kitchen orders, general settings, preference writes). RSS is \`VmRSS\` at rest, 10 s after each step (and 3 s after
the load); peaks are \`VmHWM\`. The server runs with the Node flags of \`npm run serve\`: \`--max-semi-space-size=1\`
(V8's young generation keeps 3 MB instead of up to 48 MB) and \`--v8-pool-size=1\` (one V8 helper thread instead of
four: fewer threads keeping freed memory in their own malloc arenas) and \`--wasm-lazy-compilation\` (only the
database engine's WebAssembly functions that actually run are compiled). Before them, on the same machine: 221 MB after a
restart and 275–300 MB after the load; the load's throughput and Mutfağa Gönder's latency did not change measurably
(\`BENCH_NODE_ARGS= node bench/memory.mjs\` runs without them).

## A busy floor ${section('floor-100', floor100)}

\`node bench/floor-100.mjs\`: the owner's Sipariş Ekranı on a section of 100 tables, 60 of them open, in the system
Chromium at 1366×768 with DevTools CPU throttling. "Page load" counts from the navigation start, so it includes
loading and starting the app's code; "from another screen" is how staff reach it during service.

## Bundle size ${section('bundle-size', bundleSize)}

JS + CSS under \`/assets/\` that each route loads, gzip level 9, 1 KB = 1000 bytes. Measured by loading the page in
the system Chromium with an empty cache against the built server; dashboards are signed in through the login
form, so they include the login page's entry chunk plus the lazily loaded role chunk, its imports and CSS. A
static walk of \`dist/client\` (HTML tags, static \`import\`s, Vite's preload lists) is a cross-check; it is
shown only when it disagrees. Targets: public menu ≤ 50 KB, login page ≤ 150 KB.

## Public menu budgets ${section('public-menu', publicMenu)}

A fresh PGlite server whose demo menu is grown to 300+ items. Lighthouse 12 (mobile preset) against the system
Chromium, three runs, median. autocannon on \`GET /api/public/menus/:id\` at 50 connections, then the same with
\`If-None-Match\` (answered 304 from the in-memory snapshot).
`;

writeFileSync(OUT, md);
console.log(`\nWrote ${path.relative(ROOT, OUT)} (${totalSeconds} s in all).`);
if (Object.values(results).some((r) => r.error)) process.exit(1);
