import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md: imports flow one way. client and server may import shared; shared imports
// neither; client never imports server.
const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec)));
}

const violations = (area: string, forbidden: string[]) =>
  sourceFiles(path.join(SRC, area)).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
      .map((target) => `${path.relative(SRC, file)} → ${target}`),
  );

describe('import boundaries', () => {
  it('shared imports neither client nor server', () => {
    expect(violations('shared', ['client', 'server'])).toEqual([]);
  });

  it('client never imports server', () => {
    expect(violations('client', ['server'])).toEqual([]);
  });

  it('server never imports client', () => {
    expect(violations('server', ['client'])).toEqual([]);
  });

  it("a client feature enters another feature only through its front door, features/<other>/api/index.ts", () => {
    const features = readdirSync(path.join(SRC, 'client/features'));
    const frontDoor = (other: string) => [`client/features/${other}/api`, `client/features/${other}/api/index`];
    const crossings = features.flatMap((feature) =>
      violations(
        `client/features/${feature}`,
        features.filter((other) => other !== feature).map((other) => `client/features/${other}`),
      ).filter((crossing) => !features.some((other) => frontDoor(other).some((door) => crossing.endsWith(`→ ${door}`)))),
    );
    expect(crossings).toEqual([]);
  });

  it('finds imports at all (the check is not vacuous)', () => {
    expect(importsOf(path.join(SRC, 'client/main.tsx'))).toContain('client/app/router');
  });
});
