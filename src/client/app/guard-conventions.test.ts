import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules that keep white screens out, checked on the source so a new file cannot forget them:
 * - a query key is written once per endpoint, in src/client/api (typed queryOptions and the key
 *   factories of query-keys.ts): two screens caching one key in two shapes made Yazıcı Ayarları
 *   crash after a bill had been opened;
 * - every dialog is the app's Modal (src/client/components/modal.tsx), which catches its own crash;
 * - every browser test takes `test` from tests/e2e/fixtures.ts, which fails it on any page error.
 */
const ROOT = path.resolve(__dirname, '../../..');
const CLIENT = path.join(ROOT, 'src/client');
const E2E = path.join(ROOT, 'tests/e2e');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, pattern);
    return pattern.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** `file:line: text` of every line matching `pattern` in these files. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** `queryKey: [` or `queryKey: [...`: a key written in place instead of taken from src/client/api. */
export const LITERAL_QUERY_KEY = /\bqueryKey\s*:\s*\[/;
/** Mantine's Modal imported directly: a dialog without its own error boundary. */
export const BARE_MODAL_IMPORT = /import\s*\{[^}]*\bModal\b[^}]*\}\s*from\s*'@mantine\/core'/s;

describe('guards against white screens', () => {
  const clientFiles = filesUnder(CLIENT, /\.tsx?$/).filter((f) => !isTest(f));

  it('no query key is written in place outside src/client/api: each endpoint has its typed queryOptions there', () => {
    const outsideApi = clientFiles.filter((f) => !f.startsWith(path.join(CLIENT, 'api') + path.sep));
    expect(linesMatching(outsideApi, LITERAL_QUERY_KEY)).toEqual([]);
  });

  it("every dialog is the app's Modal, which keeps a crashing dialog from taking its screen down", () => {
    const offenders = clientFiles
      .filter((f) => f !== path.join(CLIENT, 'components/modal.tsx'))
      .filter((f) => BARE_MODAL_IMPORT.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('every browser test imports test and expect from tests/e2e/fixtures.ts, never from @playwright/test', () => {
    const specs = filesUnder(E2E, /\.spec\.ts$/);
    expect(specs.length).toBeGreaterThan(10);
    expect(linesMatching(specs, /from\s+'@playwright\/test'/)).toEqual([]);
    const withoutFixture = specs.filter((f) => !/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'(\.\.?\/)+fixtures'/s.test(readFileSync(f, 'utf8')));
    expect(withoutFixture.map(rel)).toEqual([]);
    // helpers may use expect and types, but no other file defines tests around the fixture
    const helpers = filesUnder(E2E, /\.ts$/).filter((f) => !f.endsWith('.spec.ts') && f !== path.join(E2E, 'fixtures.ts'));
    expect(linesMatching(helpers, /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/)).toEqual([]);
  });

  it('the patterns find what they are meant to (the checks are not vacuous)', () => {
    expect(LITERAL_QUERY_KEY.test("useQuery({ queryKey: ['settings', 'printer', rid] })")).toBe(true);
    expect(LITERAL_QUERY_KEY.test('queryKey: [...queryKeys.kitchen(rid()), "orders"]')).toBe(true);
    expect(LITERAL_QUERY_KEY.test('queryKey: queryKeys.floor()')).toBe(false);
    expect(BARE_MODAL_IMPORT.test("import { Button, Modal, Stack } from '@mantine/core';")).toBe(true);
    expect(BARE_MODAL_IMPORT.test("import { Button, ModalProps } from '@mantine/core';")).toBe(false);
  });
});
