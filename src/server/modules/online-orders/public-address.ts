import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The delivery platforms' addresses are typed in by a restaurant's owner, and the server calls
 * them. On a server shared by restaurants that would let an owner reach what only the server can
 * (its database, a cloud's metadata address, the office network) and read the answers in the
 * attempt log. So a platform call goes only to https on a public address: the name is resolved
 * first and every address it gives must be public. An installation that really talks to a platform
 * on its own network (tests with a fake platform) says so (`allowPrivateNetworks`).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export const NOT_PUBLIC_MESSAGE = 'Platform adresi herkese açık bir https adresi olmalı (yerel ağ ve bu sunucu olmaz)';

export function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  return family === 0 || PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Throws NOT_PUBLIC_MESSAGE unless `url` is https on a name whose every address is public. */
export async function assertPublicUrl(url: string, resolve: typeof lookup = lookup): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new Error(NOT_PUBLIC_MESSAGE);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await resolve(host, { all: true })).map((a) => a.address);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new Error(NOT_PUBLIC_MESSAGE);
}
