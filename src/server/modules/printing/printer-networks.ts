import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PRINTING_MESSAGES } from '../../../shared/printing-contract';

/**
 * Where this installation lets network printing connect (PRINTER_NETWORKS).
 *
 * A printer's address is typed in by a restaurant's owner and the server opens a raw TCP connection
 * to it. On a restaurant's own PC that is the point (the printer is on the same Wi-Fi), so without
 * the setting any address goes, as always. On a server shared by restaurants it would let an owner
 * reach what only the server can (its database on loopback, a cloud's metadata address, the
 * office network) and tell open ports from closed ones by the answer. There the installation says
 * `none` (no raw TCP printing: bills print through the browser) or lists the networks printers live
 * on (`192.168.0.0/16,10.0.0.0/8`); any other address is refused before a connection is tried, so
 * the answer is the same whether something listens there or not.
 */
export type PrinterNetworks =
  | { kind: 'any' }
  | { kind: 'none' }
  | { kind: 'list'; networks: readonly string[]; allowed: BlockList };

export const ANY_PRINTER_NETWORK: PrinterNetworks = { kind: 'any' };

const EXAMPLE = "'none' ya da virgülle ayrılmış ağlar yazın (örn. 192.168.0.0/16,10.0.0.0/8)";

/** `192.168.1.0/24`, `fd00::/8`, or one address (`192.168.1.50` = /32). Null when it is neither. */
function subnetOf(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  return prefix <= max ? { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : null;
}

/** Reads PRINTER_NETWORKS: unset or empty = any address; throws a Turkish message for a bad entry. */
export function parsePrinterNetworks(value: string | undefined): PrinterNetworks {
  const text = value?.trim() ?? '';
  if (text === '') return ANY_PRINTER_NETWORK;
  if (text.toLowerCase() === 'none') return { kind: 'none' };
  const networks = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const allowed = new BlockList();
  for (const entry of networks) {
    const subnet = subnetOf(entry);
    if (!subnet) throw new Error(`'${entry}' bir ağ değil; ${EXAMPLE}`);
    allowed.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  if (networks.length === 0) throw new Error(`hiçbir ağ yazılmamış; ${EXAMPLE}`);
  return { kind: 'list', networks, allowed };
}

/** An address the installation does not print to (PRINTER_NETWORKS); nothing was connected to. */
export class PrinterAddressRefused extends Error {}

export function refusalMessage(networks: PrinterNetworks): string {
  return networks.kind === 'list' ? PRINTING_MESSAGES.addressNotAllowed(networks.networks) : PRINTING_MESSAGES.networkPrintingOff;
}

const isAllowed = (allowed: BlockList, address: string) => allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

export type Resolve = (host: string) => Promise<string[]>;
export const resolveAll: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/** Why a printer's host cannot be resolved right now: printing answers "Yazıcıya ulaşılamadı". */
export class PrinterNameUnresolved extends Error {}

/**
 * The address to connect to for `host`, or PrinterAddressRefused. With an allow-list the name is
 * resolved once here and every address it gives must be inside; the connection then goes to that
 * checked address, never to the name again (a second lookup could answer differently).
 */
export async function printerAddress(networks: PrinterNetworks, host: string, resolve: Resolve = resolveAll): Promise<string> {
  if (networks.kind === 'any') return host;
  if (networks.kind === 'none') throw new PrinterAddressRefused(refusalMessage(networks));
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw new PrinterNameUnresolved(String(err));
    }
  }
  if (addresses.length === 0) throw new PrinterNameUnresolved(`no address for ${host}`);
  if (!addresses.every((a) => isIP(a) !== 0 && isAllowed(networks.allowed, a))) throw new PrinterAddressRefused(refusalMessage(networks));
  return addresses[0];
}

/**
 * The printers of a settings document this installation would not print to, by their field's path
 * in the document ('networkPrinters.stations.1.host'), each with the refusal. A name that does not
 * resolve now cannot be checked, so it is refused too.
 */
export async function refusedPrinterFields(
  networks: PrinterNetworks,
  printers: { bill: { host: string } | null; stations: readonly { host: string }[] },
  resolve: Resolve = resolveAll,
): Promise<Record<string, string>> {
  if (networks.kind === 'any') return {};
  const targets = [
    ...(printers.bill ? [{ field: 'networkPrinters.bill.host', host: printers.bill.host }] : []),
    ...printers.stations.map((p, i) => ({ field: `networkPrinters.stations.${i}.host`, host: p.host })),
  ];
  const verdicts = new Map<string, Promise<boolean>>();
  const isRefused = (host: string) =>
    printerAddress(networks, host, resolve).then(
      () => false,
      () => true,
    );
  for (const { host } of targets) if (!verdicts.has(host)) verdicts.set(host, isRefused(host));
  const fields: Record<string, string> = {};
  for (const { field, host } of targets) if (await verdicts.get(host)) fields[field] = refusalMessage(networks);
  return fields;
}
