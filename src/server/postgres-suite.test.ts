import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SUITE } from '../../scripts/postgres-suite.mjs';

/*
 * npm test runs every test file on PGlite, and the files of scripts/postgres-suite.mjs once more on
 * a PostgreSQL server. A file with cases only a server can run (it reads TEST_DATABASE_URL, or asks
 * which database it got) would run them nowhere if it were left out of that list.
 */
const ROOT = path.resolve(__dirname, '../..');
const testFiles = (readdirSync(path.join(ROOT, 'src'), { recursive: true }) as string[])
  .map((f) => path.join('src', f).split(path.sep).join('/'))
  .filter((f) => /\.test\.tsx?$/.test(f));
const inSuite = (file: string) => POSTGRES_SUITE.some((entry) => file.startsWith(entry));
const SERVER_ONLY = /TEST_DATABASE_URL|label === 'postgres'|kind === 'postgres'/;

describe('the PostgreSQL run of npm test (scripts/postgres-suite.mjs)', () => {
  it('takes every test file that has cases for a PostgreSQL server', () => {
    const serverOnly = testFiles.filter((f) => f !== 'src/server/postgres-suite.test.ts' && SERVER_ONLY.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(serverOnly.length).toBeGreaterThan(5);
    expect(serverOnly.filter((f) => !inSuite(f))).toEqual([]);
  });

  it('names only paths that hold test files', () => {
    expect(POSTGRES_SUITE.filter((entry) => !testFiles.some((f) => f.startsWith(entry)))).toEqual([]);
  });
});
