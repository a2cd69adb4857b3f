// The README promises Node.js 20 (20.19 or newer) and Node.js 24, the two lines the test suites run
// on (package.json `engines.node`: `^20.19.0 || ^24.0.0`). A dependency that declares a later
// minimum makes `npm ci` warn EBADENGINE and may break on that Node: this lists every package in
// package-lock.json whose `engines.node` excludes the first version of a promised line.
//   node scripts/node-engines.mjs   (exit code 1 when one does)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// semver is npm's own range logic (installed with npm's tooling in every tree that has a lockfile).
const semver = createRequire(import.meta.url)('semver');

export function promisedNodeMinimum(repoRoot) {
  const range = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines.node;
  return semver.minVersion(range).version;
}

/** The first version of each line `engines.node` promises (`^20.19.0 || ^24.0.0` → 20.19.0, 24.0.0). */
export function promisedNodeLines(repoRoot) {
  const range = new semver.Range(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines.node);
  return range.set.map((comparators) => semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' '))).version);
}

export function packagesExcludingNode(repoRoot, nodeVersion) {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  return Object.entries(lock.packages)
    .filter(([name]) => name !== '')
    .flatMap(([name, pkg]) => {
      const range = pkg.engines?.node;
      if (typeof range !== 'string' || semver.satisfies(nodeVersion, range)) return [];
      return [`${name.replace(/^.*node_modules\//, '')}@${pkg.version} (node ${range})`];
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let bad = 0;
  for (const version of promisedNodeLines('.')) {
    const excluding = packagesExcludingNode('.', version);
    for (const line of excluding) console.error(`Node ${version} ile uyumsuz: ${line}`);
    bad += excluding.length;
  }
  process.exit(bad ? 1 : 0);
}
