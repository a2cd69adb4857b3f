// Bundles the server into dist/server/server.js (dependencies stay in node_modules) and writes
// .gz copies of the client's text assets so @fastify/static serves them pre-compressed.
import { build } from 'esbuild';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';

await build({
  entryPoints: ['src/server/server.ts', 'src/server/create-restaurant.ts', 'src/server/verify-audit.ts', 'src/server/backup.ts', 'src/server/restore.ts', 'src/server/platform-inspect.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  outdir: 'dist/server',
  logLevel: 'warning',
});

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of files('dist/client')) {
  if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
  const gz = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(`${file}.gz`, gz);
}
console.log('server bundled: dist/server/server.js, dist/server/create-restaurant.js, dist/server/verify-audit.js, dist/server/backup.js, dist/server/restore.js, dist/server/platform-inspect.js');
