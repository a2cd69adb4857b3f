import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'sofra.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock of its own and two processes on one data directory corrupt it, so the
 * server holds a pid file. A stale file (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Veri klasörü ${dataDir} başka bir Sofra süreci (pid ${holder}) tarafından kullanılıyor. ` +
            'Aynı klasörü iki sunucu açarsa veritabanı bozulur; önce diğerini durdurun.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  return () => fs.rmSync(file, { force: true });
}
