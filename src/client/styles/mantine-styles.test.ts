import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Sofra imports Mantine's stylesheets per component (the full sheet is ~36 KB gzip). A component
 * used without its stylesheet renders as bare HTML — the course chips showed as a 13 px native
 * checkbox on the waiter's phone. Every Mantine component a screen imports must have its sheet in
 * mantine-base.ts or mantine-dashboard.ts.
 */
const root = path.resolve(__dirname, '..');
const stylesDir = path.resolve(root, '../../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Drawer: the adisyon's lines sheet is its only user and is laid out by orders.module.css (its
 * phone e2e specs measure that layout); Mantine's Drawer sizes would turn it into an 85 % panel.
 */
const STYLED_BY_SOFRA = new Set(['Drawer']);

describe('Mantine stylesheets', () => {
  it('are imported for every Mantine component the screens use', () => {
    const sheets = new Set(readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css')).map((f) => f.slice(0, -4)));
    const imported = new Set(
      ['mantine-base.ts', 'mantine-dashboard.ts'].flatMap((f) =>
        [...readFileSync(path.join(__dirname, f), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]),
      ),
    );
    const used = new Set(
      sourceFiles(root).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
          m[1]
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0]),
        ),
      ),
    );
    const missing = [...used].filter((name) => sheets.has(name) && !imported.has(name) && !STYLED_BY_SOFRA.has(name)).sort();
    expect(missing).toEqual([]);
  });
});
