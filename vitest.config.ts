import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * Test files share one module graph per worker (isolate: false): loading the app's modules anew for
 * each of ~200 files cost most of the run (about 3 s a file; the whole unit project ran in 109 s
 * isolated and 21 s shared). What a test stubs or spies on is put back after it (the settings
 * below); a file that replaces a whole module (vi.mock) or assigns process.env keeps modules of its
 * own, so nothing it changes can reach another file: that is read from each file's text here, not
 * kept by hand.
 */
const OWN_MODULES = /\bvi\.(mock|doMock|hoisted)\b|process\.env\.\w+\s*=[^=]|delete process\.env/;
const testFiles = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
    .filter((f) => /\.test\.tsx?$/.test(f));
const ownModules = (dir: string) => testFiles(dir).filter((f) => OWN_MODULES.test(readFileSync(f, 'utf8')));

const UNIT = ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'];
const unitOwn = [...ownModules('src/shared'), ...ownModules('src/client')];
const apiOwn = ownModules('src/server');
const unit = { environment: 'jsdom', setupFiles: ['src/client/test-setup.ts'] };

export default defineConfig({
  test: {
    globals: true,
    // Two cores: keep file parallelism modest; each API file opens its own database.
    maxWorkers: 2,
    // Generous limits: these bound a hung test, they never judge speed (a loaded machine is slow).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // what a test stubs or spies on is put back after it, so files that share modules cannot see it
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: unitOwn, isolate: false, ...unit } },
      { extends: true, test: { name: 'unit-own-modules', include: unitOwn, ...unit } },
      { extends: true, test: { name: 'api', include: ['src/server/**/*.test.ts'], exclude: apiOwn, isolate: false, environment: 'node' } },
      { extends: true, test: { name: 'api-own-modules', include: apiOwn, environment: 'node' } },
    ],
  },
});
