import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesExcludingNode, promisedNodeLines, promisedNodeMinimum } from '../../scripts/node-engines.mjs';

const REPO = path.resolve(__dirname, '../..');

describe('the Node version the README promises', () => {
  it('is the one package.json declares', () => {
    const minimum = promisedNodeMinimum(REPO);
    const [major, minor] = minimum.split('.');
    expect(readFileSync(path.join(REPO, 'README.md'), 'utf8')).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('is accepted by every installed package (npm ci warns EBADENGINE otherwise)', () => {
    expect(packagesExcludingNode(REPO, promisedNodeMinimum(REPO))).toEqual([]);
  });

  it('covers Node 20 and Node 24, the lines the suites run on (scripts/node24.mjs), each accepted by every package', () => {
    const lines = promisedNodeLines(REPO);
    expect(lines.map((v) => v.split('.')[0])).toEqual(['20', '24']);
    for (const version of lines) expect(packagesExcludingNode(REPO, version), version).toEqual([]);
  });
});
