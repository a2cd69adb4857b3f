import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Two Sofra processes on one DATA_DIR would start two database servers on one cluster, so the
 * server holds a lock on the directory. A pid file cannot tell a dead holder from a live one: after
 * kill -9 the old process lingers as a zombie for a moment (alive to `kill(pid, 0)`), and a pid the
 * system later reuses would block the directory for good. The lock is therefore a listening local
 * socket, which the operating system closes the moment its holder exits, however it exits:
 * - Linux: an abstract socket (no file to leave behind);
 * - Windows: a named pipe;
 * - elsewhere: a socket file, taken over when nothing answers on it (a dead holder cannot).
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Veri klasörü ${dataDir} başka bir Sofra süreci tarafından kullanılıyor. ` +
        'Aynı klasörü iki sunucu açarsa veritabanı bozulur; önce diğerini durdurun.',
    );
  }
}

function lockAddress(dataDir: string): string {
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0sofra-data-${id}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\sofra-data-${id}`;
  return path.join(os.tmpdir(), `sofra-data-${id}.sock`);
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Whether a live process answers on a socket file (only used where sockets are files). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Takes the directory's lock or throws DataDirLockedError. The returned function releases it. */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  let server: net.Server;
  try {
    server = await listen(address);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const isFile = process.platform !== 'linux' && process.platform !== 'win32';
    if (!isFile || (await answers(address))) throw new DataDirLockedError(dataDir);
    fs.rmSync(address, { force: true });
    server = await listen(address);
  }
  // The lock must never keep the process alive on its own.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Whether a running Sofra holds the directory (for tools that must not run beside it). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return false;
  try {
    const release = await acquireDataDirLock(dataDir);
    await release();
    return false;
  } catch (err) {
    if (err instanceof DataDirLockedError) return true;
    throw err;
  }
}
