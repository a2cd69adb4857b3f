import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A comment that sends the reader to a file must send them somewhere: every project path written in
 * the code (src/…, docs/…, bench/…, scripts/…, tests/…) names a file or folder that exists. Applied
 * migrations are left out: their text is part of what was applied and is never edited.
 */

const ROOT = path.resolve(__dirname, '../..');
const PATH = /(?<![\w/.-])((?:src|docs|bench|scripts|tests)\/[\w./-]*[\w-])/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' || name === 'node_modules' ? [] : files(full);
    return /\.(tsx?|mjs|css)$/.test(name) ? [full] : [];
  });
}

/**
 * A module may be named without its extension (src/shared/sales-definitions), and a test filter by
 * the start of its files' names (src/server/modules/bills/bill-numbers). Built output (bench/.out)
 * is made by a run.
 */
function exists(p: string) {
  const full = path.join(ROOT, p);
  if (existsSync(full)) return true;
  const dir = path.dirname(full);
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(`${path.basename(full)}.`));
}

describe('paths named in the code', () => {
  const all = [...files(path.join(ROOT, 'src')), ...files(path.join(ROOT, 'scripts')), ...files(path.join(ROOT, 'bench'))];

  it('reads the code', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('name files that exist', () => {
    const missing = all.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PATH)]
        .map((m) => m[1].replace(/[.]+$/, ''))
        // a pattern or a template, not a path: src/client/features/<x>/api, tests/e2e/*.spec.ts
        .filter((p) => !/[*<>{}$]/.test(p) && !/(^|\/)\.out(\/|$)/.test(p) && !exists(p))
        .map((p) => `${path.relative(ROOT, file)}: ${p}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
