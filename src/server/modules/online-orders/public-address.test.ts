import type { lookup } from 'node:dns/promises';
import { NOT_PUBLIC_MESSAGE, assertPublicUrl, isPrivateAddress } from './public-address';

/** A resolver that answers from a table, as DNS would (one name may give several addresses). */
const dns = (table: Record<string, string[]>) =>
  (async (host: string) => (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as unknown as typeof lookup;

describe('a delivery platform is called on a public https address only', () => {
  it.each([
    '127.0.0.1', '127.8.0.1', '10.1.2.3', '172.16.0.9', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
  ])('%s is not public', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('refuses http, loopback and private literals, and a name that resolves to a private address', async () => {
    const resolve = dns({ 'api.platform.com': ['93.184.216.34'], 'sneaky.example.com': ['93.184.216.34', '10.0.0.5'], 'metadata.example.com': ['169.254.169.254'] });
    await expect(assertPublicUrl('https://api.platform.com/v2/login', resolve)).resolves.toBeUndefined();
    for (const url of [
      'http://api.platform.com/v2/login',
      'https://127.0.0.1:5432/',
      'https://[::1]/',
      'https://localhost/',
      'https://sneaky.example.com/order',
      'https://metadata.example.com/latest/meta-data',
      'https://unknown.example.com/',
    ]) {
      await expect(assertPublicUrl(url, resolve), url).rejects.toThrow(NOT_PUBLIC_MESSAGE);
    }
  });
});
