import net from 'node:net';
import type { NetworkPrinter } from '../../../shared/printer-settings';
import { PRINTING_MESSAGES } from '../../../shared/printing-contract';
import { ANY_PRINTER_NETWORK, PrinterNameUnresolved, printerAddress, resolveAll, type PrinterNetworks, type Resolve } from './printer-networks';

export interface SendOptions {
  /** how long connecting and handing over the bytes may take, per attempt */
  timeoutMs?: number;
  /** further attempts after the first fails (a printer waking up often refuses once) */
  retries?: number;
  /** where this installation lets printing connect (PRINTER_NETWORKS); any address by default */
  networks?: PrinterNetworks;
  /** host name → addresses (tests answer for names no DNS knows) */
  resolve?: Resolve;
}

/**
 * The printer did not take the bytes: refused, unreachable, silent past the time limit, or its name
 * did not resolve. The message names only the address as the owner typed it, never why (a refused
 * port and a silent one read the same) nor what a name resolved to.
 */
export class PrinterUnreachable extends Error {
  constructor(
    readonly printer: NetworkPrinter,
    readonly cause: unknown,
  ) {
    super(PRINTING_MESSAGES.unreachable(printer.host, printer.port));
  }
}

function sendOnce(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host, port });
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer within ${timeoutMs} ms`)));
    socket.once('error', finish);
    // A raw-TCP (port 9100) printer never answers; the bytes are handed over once the end is flushed.
    socket.once('connect', () => socket.end(Buffer.from(bytes), () => finish()));
  });
}

/**
 * Sends ESC/POS bytes to `host:port` over raw TCP; one retry by default. An address outside the
 * installation's printer networks throws PrinterAddressRefused before any connection is tried.
 */
export async function sendToPrinter(
  printer: NetworkPrinter,
  bytes: Uint8Array,
  { timeoutMs = 3000, retries = 1, networks = ANY_PRINTER_NETWORK, resolve = resolveAll }: SendOptions = {},
) {
  let address: string;
  try {
    address = await printerAddress(networks, printer.host, resolve);
  } catch (err) {
    if (err instanceof PrinterNameUnresolved) throw new PrinterUnreachable(printer, err);
    throw err;
  }
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await sendOnce(address, printer.port, bytes, timeoutMs);
    } catch (err) {
      last = err;
    }
  }
  throw new PrinterUnreachable(printer, last);
}
