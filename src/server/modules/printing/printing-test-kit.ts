import net from 'node:net';

/**
 * A stand-in network printer: a TCP listener on 127.0.0.1 that keeps every job's bytes (one job per
 * connection, complete when the sender closes it) and counts the connections made to it at all.
 */
export async function capturePrinter(port = 0) {
  const jobs: Buffer[] = [];
  const waiting: (() => void)[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      jobs.push(job);
      waiting.splice(0).forEach((w) => w());
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    host: '127.0.0.1',
    port: address.port,
    jobs,
    /** connections accepted so far, whether or not they sent anything */
    get connections() {
      return connections;
    },
    /**
     * The jobs once `n` have arrived: the sender is done when its bytes left, the listener a moment
     * later. Never resolving fails the test by its time limit.
     */
    async untilJobs(n: number) {
      while (jobs.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return jobs;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: taken from a listener that is closed again. */
export async function closedPort() {
  const p = await capturePrinter();
  await p.close();
  return p.port;
}

/** The Turkish letters of code page 857 (DOS Turkish); other bytes above 0x7F read as '?'. */
export const CP857: Record<string, number> = { ç: 0x87, Ç: 0x80, ğ: 0xa7, Ğ: 0xa6, ı: 0x8d, İ: 0x98, ö: 0x94, Ö: 0x99, ş: 0x9f, Ş: 0x9e, ü: 0x81, Ü: 0x9a };
const FROM_CP857 = new Map(Object.entries(CP857).map(([ch, byte]) => [byte, ch]));

/** A job's printable text: ASCII and cp857's Turkish letters; control bytes become spaces. */
export function decodeCp857(job: Buffer): string {
  let out = '';
  for (const b of job) out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : b === 0x0a ? '\n' : (FROM_CP857.get(b) ?? (b >= 0x80 ? '?' : ' '));
  return out;
}

/** ESC t 13: the printer is told to read the following bytes as cp857 (Epson's number for it). */
export const SELECT_CP857 = Buffer.from([0x1b, 0x74, 0x0d]);

/** A text as a cp857 printer receives it (ASCII and the Turkish letters only). */
export function cp857Bytes(text: string): Buffer {
  return Buffer.from([...text].map((ch) => CP857[ch] ?? ch.charCodeAt(0)));
}
