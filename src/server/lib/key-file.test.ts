import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeyFile, parseHexKey, readKeyText } from './key-file';

const dir = mkdtempSync(path.join(tmpdir(), 'sofra-key-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('key files', () => {
  it('reads 64 hex digits with surrounding space as a key and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(parseHexKey(`  ${hex}\n`)?.toString('hex')).toBe(hex);
    expect(parseHexKey('ab'.repeat(31))).toBeNull();
    expect(parseHexKey(`${hex}ab`)).toBeNull();
    expect(parseHexKey('zz'.repeat(32))).toBeNull();
  });

  it('answers null for a missing file and rethrows other read errors', () => {
    expect(readKeyText(path.join(dir, 'missing.key'))).toBeNull();
    expect(() => readKeyText(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });

  it('creates a key once, keeps the first key on a second call and leaves no temporary file', () => {
    const file = path.join(dir, 'secrets', 'backup.key');
    expect(createKeyFile(file)).toBe(true);
    const first = readFileSync(file, 'utf8');
    expect(parseHexKey(first)).not.toBeNull();
    expect(createKeyFile(file)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(readdirSync(path.dirname(file))).toEqual(['backup.key']);
  });

  it('does not swallow a write error other than an existing key', () => {
    const blocker = path.join(dir, 'not-a-dir');
    writeFileSync(blocker, 'x');
    expect(() => createKeyFile(path.join(blocker, 'k.key'))).toThrow();
  });
});
