import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server's house rules, read from its own imports (docs/architecture.md):
 * - no import circle among its files (type-only imports aside: they vanish when compiled);
 * - a module is entered through its front door, modules/<name>/index.ts, never a file behind it;
 * - the core (lib/, db/, plugins/) imports nothing from modules/: modules register what they add
 *   (command-hooks.ts), the core knows no feature;
 * - one module writes each table: the order lines only under modules/orders.
 * Tests, test kits and the fuzzer are not the house: they may open any file they test.
 */

const SERVER = path.resolve(__dirname);
const rel = (file: string) => path.relative(path.resolve(SERVER, '../..'), file);

const isTestCode = (file: string) => /\.test\.ts$|-test-kit\.ts$/.test(file) || /[/\\](test-support|fuzz)[/\\]/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !isTestCode(full) ? [full] : [];
  });
}

interface Import {
  target: string;
  typeOnly: boolean;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"](\.[^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** An import whose every name is `type X` is type-only too. */
const namesAreTypes = (clause: string | undefined) => {
  const named = clause?.match(/^\{([^}]*)\}$/s)?.[1];
  if (!named) return false;
  const names = named.split(',').map((n) => n.trim()).filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
};

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const target = resolve(file, m[3]);
    return target ? [{ target, typeOnly: Boolean(m[1]) || namesAreTypes(m[2]?.trim()) }] : [];
  });
}

const files = sourceFiles(SERVER);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const moduleOf = (file: string) => rel(file).match(/^src\/server\/modules\/([^/]+)\//)?.[1] ?? null;
const isCore = (file: string) => /^src\/server\/(lib|db|plugins)\//.test(rel(file));

/** Circles among the value imports (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function circles(): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const { target: w, typeOnly } of graph.get(v) ?? []) {
      if (typeOnly || !graph.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of files) if (!order.has(f)) visit(f);
  return found;
}

describe('the server’s boundaries', () => {
  it('reads the server’s files and their imports', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.some((f) => rel(f) === 'src/server/lib/command.ts')).toBe(true);
  });

  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it('enters every module through its index.ts only', () => {
    const deep = [...graph].flatMap(([file, imports]) =>
      imports
        .filter(({ target }) => {
          const to = moduleOf(target);
          return to !== null && to !== moduleOf(file) && path.basename(target) !== 'index.ts';
        })
        .map(({ target }) => `${rel(file)} → ${rel(target)}`),
    );
    expect(deep).toEqual([]);
  });

  it('keeps the core (lib, db, plugins) free of every module, types included', () => {
    const up = [...graph].flatMap(([file, imports]) =>
      isCore(file) ? imports.filter(({ target }) => moduleOf(target) !== null).map(({ target }) => `${rel(file)} → ${rel(target)}`) : [],
    );
    expect(up).toEqual([]);
  });

  it('lets one module write each table it owns', () => {
    // the table's schema name → the only module that inserts, updates or deletes its rows
    const owners: Record<string, string> = { ticketLines: 'orders', onlineOrders: 'online-orders' };
    const WRITE = /\.(?:insert|update|delete)\((\w+)\)|(?:insert\s+into|update|delete\s+from)\s+\$\{(\w+)\}/g;
    const strangers = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(WRITE)]
        .map((m) => m[1] ?? m[2])
        .filter((table) => table in owners && moduleOf(file) !== owners[table])
        .map((table) => `${rel(file)} writes ${table}`),
    );
    expect(strangers).toEqual([]);
  });

  it('gives every module a front door', () => {
    const modules = readdirSync(path.join(SERVER, 'modules'));
    const missing = modules.filter((m) => !graph.has(path.join(SERVER, 'modules', m, 'index.ts')));
    expect(missing).toEqual([]);
  });
});
