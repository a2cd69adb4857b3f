import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SECRETS_KEY_ENV,
  SECRET_BOX_MESSAGES,
  hasSecretsKey,
  isSealed,
  loadSecretsKey,
  openSecret,
  sealSecret,
  secretsKeyFile,
  useSecretsKey,
} from './secret-box';

/*
 * AES-GCM is only safe while no nonce is used twice under one key: two secrets sealed with the same
 * nonce give away their XOR and let the tag be forged. Each seal draws a fresh one, so the same
 * secret sealed twice reads differently and both open.
 */
beforeAll(() => {
  // the key the process already uses (the server's, another test file's) is kept: nothing to put back
  if (!hasSecretsKey()) useSecretsKey(randomBytes(32));
});

const nonceOf = (sealed: string) => Buffer.from(sealed.slice('sv1:'.length), 'base64').subarray(0, 12).toString('hex');

it('seals the same secret twice with two different nonces, and opens both', () => {
  const first = sealSecret('whsec_aynı-gizli');
  const second = sealSecret('whsec_aynı-gizli');
  expect(second).not.toBe(first);
  expect(nonceOf(second)).not.toBe(nonceOf(first));
  expect([openSecret(first), openSecret(second)]).toEqual(['whsec_aynı-gizli', 'whsec_aynı-gizli']);
});

it('never repeats a nonce over many seals', () => {
  const nonces = new Set(Array.from({ length: 200 }, (_, i) => nonceOf(sealSecret(`gizli-${i}`))));
  expect(nonces.size).toBe(200);
});

describe('what the box refuses and what it reads as it is', () => {
  it('reads a value stored before sealing existed as it is, and marks only sealed values as sealed', () => {
    expect(isSealed('whsec_eski')).toBe(false);
    expect(openSecret('whsec_eski')).toBe('whsec_eski');
    const sealed = sealSecret('whsec_yeni');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec_yeni');
  });

  it('refuses a sealed value whose ciphertext or tag was changed by one bit', () => {
    const sealed = sealSecret('whsec_gizli-anahtar');
    const raw = Buffer.from(sealed.slice('sv1:'.length), 'base64');
    for (const at of [12, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[at] ^= 1;
      expect(() => openSecret(`sv1:${changed.toString('base64')}`)).toThrow(SECRET_BOX_MESSAGES.wrongKey);
    }
  });

  it('refuses to open with another key what one key sealed, and opens it again with its own', () => {
    const sealed = sealSecret('whsec_başka');
    const own = useSecretsKey(randomBytes(32))!;
    try {
      expect(() => openSecret(sealed)).toThrow(SECRET_BOX_MESSAGES.wrongKey);
    } finally {
      useSecretsKey(own);
    }
    expect(openSecret(sealed)).toBe('whsec_başka');
  });
});

describe('the key the server loads', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sofra-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('takes SOFRA_SECRETS_KEY when set, and refuses one that is not 64 hex digits', () => {
    const hex = 'ab'.repeat(32);
    expect(loadSecretsKey({ [SECRETS_KEY_ENV]: hex }, dataDir(), () => {}).toString('hex')).toBe(hex);
    expect(() => loadSecretsKey({ [SECRETS_KEY_ENV]: 'ab'.repeat(31) }, dataDir(), () => {})).toThrow(SECRET_BOX_MESSAGES.badKey(SECRETS_KEY_ENV));
  });

  it('makes the key file on first start and says so once; the next start reads the same key silently', () => {
    const dir = dataDir();
    const said: string[] = [];
    const first = loadSecretsKey({}, dir, (m) => said.push(m));
    expect(said).toEqual([SECRET_BOX_MESSAGES.keyCreated(secretsKeyFile(dir))]);
    const again = loadSecretsKey({}, dir, (m) => said.push(m));
    expect(again.equals(first)).toBe(true);
    expect(said).toHaveLength(1);
    expect(readFileSync(secretsKeyFile(dir), 'utf8').trim()).toBe(first.toString('hex'));
  });

  it('reads an empty SOFRA_SECRETS_KEY as not set: the key file is used', () => {
    const dir = dataDir();
    const fromFile = loadSecretsKey({}, dir, () => {});
    expect(loadSecretsKey({ [SECRETS_KEY_ENV]: '' }, dir, () => {}).equals(fromFile)).toBe(true);
  });

  it('refuses a key file that holds no key, naming the file', () => {
    const dir = dataDir();
    mkdirSync(path.dirname(secretsKeyFile(dir)), { recursive: true });
    writeFileSync(secretsKeyFile(dir), 'bozuk\n');
    expect(() => loadSecretsKey({}, dir, () => {})).toThrow(SECRET_BOX_MESSAGES.badKey(secretsKeyFile(dir)));
  });
});
