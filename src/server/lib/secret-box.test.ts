import { randomBytes } from 'node:crypto';
import { hasSecretsKey, openSecret, sealSecret, useSecretsKey } from './secret-box';

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
