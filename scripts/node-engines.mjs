// The README promises "Node.js 20.19 or newer" (package.json `engines.node`). A dependency that
// declares a later minimum makes `npm ci` warn EBADENGINE and may break on that Node: this lists
// every package in package-lock.json whose `engines.node` excludes the promised minimum.
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
  const minimum = promisedNodeMinimum('.');
  const bad = packagesExcludingNode('.', minimum);
  for (const line of bad) console.error(`Node ${minimum} ile uyumsuz: ${line}`);
  process.exit(bad.length ? 1 : 0);
}
