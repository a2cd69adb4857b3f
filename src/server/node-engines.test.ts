import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesExcludingNode, promisedNodeMinimum } from '../../scripts/node-engines.mjs';

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
});
