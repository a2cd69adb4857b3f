// Cold start: time from `node dist/server/server.js` to the first 200 from /api/health.
//  - empty DATA_DIR: PGlite initdb + migrations + demo seed (five scrypt N=2^17 hashes)
//  - existing DATA_DIR: the same directory started again (the everyday restart)
// Each case is repeated; the server's resident memory is read from /proc once it is ready.
import { assertBuilt, median, printResult, removeDir, rssMb, startServer, tempDataDir } from './lib.mjs';

const REPETITIONS = 3;

assertBuilt();
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
      runs.push({ readyMs: server.readyMs, rssMb: rssMb(server.pid) });
      const { code } = await server.stop();
      if (code !== 0) throw new Error(`server did not exit cleanly (code ${code}):\n${server.output()}`);
    }
  } finally {
    removeDir(dataDir);
  }
  console.log(
    `run ${i + 1}/${REPETITIONS}: empty dir ${fresh[i].readyMs.toFixed(0)} ms (RSS ${fresh[i].rssMb} MB), ` +
      `existing dir ${existing[i].readyMs.toFixed(0)} ms (RSS ${existing[i].rssMb} MB)`,
  );
}

const summarise = (runs) => ({
  minMs: Math.round(Math.min(...runs.map((r) => r.readyMs))),
  medianMs: Math.round(median(runs.map((r) => r.readyMs))),
  rssMedianMb: median(runs.map((r) => r.rssMb)),
  runsMs: runs.map((r) => Math.round(r.readyMs)),
});
const result = { repetitions: REPETITIONS, emptyDataDir: summarise(fresh), existingDataDir: summarise(existing) };

console.log(`\nempty DATA_DIR    (migrate + seed): min ${result.emptyDataDir.minMs} ms, median ${result.emptyDataDir.medianMs} ms, RSS ${result.emptyDataDir.rssMedianMb} MB`);
console.log(`existing DATA_DIR (restart):       min ${result.existingDataDir.minMs} ms, median ${result.existingDataDir.medianMs} ms, RSS ${result.existingDataDir.rssMedianMb} MB`);
printResult(result);
