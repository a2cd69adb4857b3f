import net from 'node:net';
import type { NetworkPrinter } from '../../../shared/printer-settings';

export interface SendOptions {
  /** how long connecting and handing over the bytes may take, per attempt */
  timeoutMs?: number;
  /** further attempts after the first fails (a printer waking up often refuses once) */
  retries?: number;
}

/** The printer did not take the bytes: refused, unreachable, or silent past the time limit. */
export class PrinterUnreachable extends Error {
  constructor(
    readonly printer: NetworkPrinter,
    readonly cause: unknown,
  ) {
    super(`Yazıcıya ulaşılamadı: ${printer.host}:${printer.port}`);
  }
}

function sendOnce(printer: NetworkPrinter, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: printer.host, port: printer.port });
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

/** Sends ESC/POS bytes to `host:port` over raw TCP; one retry by default. */
export async function sendToPrinter(printer: NetworkPrinter, bytes: Uint8Array, { timeoutMs = 3000, retries = 1 }: SendOptions = {}) {
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await sendOnce(printer, bytes, timeoutMs);
    } catch (err) {
      last = err;
    }
  }
  throw new PrinterUnreachable(printer, last);
}
