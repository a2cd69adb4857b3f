import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { restaurantFactory } from '../../test-support/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { backupFileName, listBackups, writeBackupFile } from './backup-file';
import { backupKeyFile, backupKeyForReading } from './backup-key';
import { TEST_AUTH, TEST_BACKUP_KEY, TEST_BACKUP_KEY_HEX } from './backup-test-kit';
import { startDailyBackups, takeDailyBackupIfDue, type BackupLogger } from './daily';
import { BACKUP_MESSAGES, verifyBackup } from './restore';

let ctx: TestContext;
let dir: string;
/** SOFRA_BACKUP_KEY, as the tests sign with it */
const key = { envKey: TEST_BACKUP_KEY_HEX };

beforeAll(async () => {
  ctx = await createTestApp();
  await restaurantFactory(ctx, 'Yedekli Lokanta');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sofra-yedek-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

function recordingLogger() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  const logger: BackupLogger = {
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
  };
  return { logger, lines };
}

const until = async (condition: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('zaman aşımı');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('daily backups', () => {
  it('takes one backup a day and keeps exactly the newest `keep`, touching no other file', async () => {
    await fs.writeFile(path.join(dir, 'notlar.txt'), 'elle yazılmış');
    await fs.writeFile(path.join(dir, 'sofra-elle.sofra-backup.gz'), 'başka bir dosya');
    const { logger, lines } = recordingLogger();
    const names: string[] = [];
    for (let day = 1; day <= 20; day++) {
      const morning = new Date(2026, 9, day, 9, 5);
      const file = await takeDailyBackupIfDue({ db: ctx.database.db, dir, key, keep: 14, now: () => morning, logger });
      expect(file).toBe(path.join(dir, backupFileName(morning)));
      names.push(backupFileName(morning));
      // later the same day: the day has its backup
      expect(await takeDailyBackupIfDue({ db: ctx.database.db, dir, key, keep: 14, now: () => new Date(2026, 9, day, 22, 30), logger })).toBeNull();
    }
    expect(names[0]).toBe('sofra-2026-10-01-0905.sofra-backup.gz');
    expect(await listBackups(dir)).toEqual(names.slice(-14));
    expect((await fs.readdir(dir)).filter((n) => !n.startsWith('sofra-2026')).sort()).toEqual(['notlar.txt', 'sofra-elle.sofra-backup.gz']);
    expect(lines.filter((l) => l.message.startsWith('Eski yedek silindi'))).toHaveLength(6);
    expect(lines.filter((l) => l.message.startsWith('Günlük yedek alındı'))).toHaveLength(20);
    // what it wrote is a whole backup
    const header = await verifyBackup(createReadStream(path.join(dir, names.at(-1)!)), TEST_AUTH);
    expect(header.tables.restaurants).toBe(1);
  });

  it('runs at start, then only when a new day has come; stopping waits for a backup in progress', async () => {
    let now = new Date(2026, 10, 3, 23, 50);
    const { logger, lines } = recordingLogger();
    const stop = startDailyBackups({ db: ctx.database.db, dir, key, now: () => now, intervalMs: 25, logger });
    await until(async () => (await listBackups(dir)).length === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(await listBackups(dir)).toEqual(['sofra-2026-11-03-2350.sofra-backup.gz']);
    now = new Date(2026, 10, 4, 0, 10);
    await until(async () => (await listBackups(dir)).length === 2);
    await stop();
    const after = await fs.readdir(dir);
    now = new Date(2026, 10, 5, 9, 0);
    await new Promise((r) => setTimeout(r, 150));
    expect(await fs.readdir(dir)).toEqual(after);
    expect(after.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(lines.every((l) => l.level === 'info')).toBe(true);
  });

  it('a failure is logged in Turkish, never thrown, and tried again at the next check', async () => {
    // the backup folder cannot be made: a file stands where it should be
    const blocked = path.join(dir, 'yedekler');
    await fs.writeFile(blocked, '');
    const { logger, lines } = recordingLogger();
    const stop = startDailyBackups({ db: ctx.database.db, dir: blocked, key, now: () => new Date(2026, 10, 6, 12, 0), intervalMs: 25, logger });
    await until(() => lines.some((l) => l.level === 'error'));
    expect(lines.find((l) => l.level === 'error')!.message).toMatch(/^Günlük yedek alınamadı \(.*yedekler\): .*Bir sonraki denetimde yeniden denenecek\.$/);
    await fs.rm(blocked);
    await until(async () => (await listBackups(blocked)).length === 1);
    await stop();
  });

  it('a backup that fails half way leaves no file named as a backup, and no temporary file', async () => {
    // the app's database whose connection drops as the backup's transaction starts
    const failing: Db = Object.create(ctx.database.db, {
      transaction: {
        value: async () => {
          throw new Error('bağlantı koptu');
        },
      },
    });
    const file = path.join(dir, backupFileName(new Date(2026, 10, 7, 3, 0)));
    await expect(writeBackupFile(failing, file, TEST_BACKUP_KEY)).rejects.toThrow('bağlantı koptu');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it("the first backup makes the key in DATA_DIR, says once in the log where it is and to keep it elsewhere, and signs with it", async () => {
    const dataDir = path.join(dir, 'veri');
    const backups = path.join(dataDir, 'backups');
    const { logger, lines } = recordingLogger();
    const first = await takeDailyBackupIfDue({ db: ctx.database.db, dir: backups, key: { dataDir }, now: () => new Date(2026, 10, 8, 9, 0), logger });
    await takeDailyBackupIfDue({ db: ctx.database.db, dir: backups, key: { dataDir }, now: () => new Date(2026, 10, 9, 9, 0), logger });
    const announced = lines.filter((l) => l.message.startsWith('Yedek anahtarı oluşturuldu'));
    expect(announced).toEqual([{ level: 'warn', message: BACKUP_MESSAGES.keyCreated(backupKeyFile(dataDir)) }]);
    expect(await listBackups(backups)).toHaveLength(2);
    const signedKey = backupKeyForReading({ dataDir });
    await expect(verifyBackup(createReadStream(first!), { key: signedKey })).resolves.toMatchObject({ version: 2 });
    await expect(verifyBackup(createReadStream(first!), TEST_AUTH)).rejects.toThrow(BACKUP_MESSAGES.forged);
  });

  it('with no key to be had (no data directory, no SOFRA_BACKUP_KEY) the backup fails in the log, in Turkish, and writes nothing', async () => {
    const { logger, lines } = recordingLogger();
    const stop = startDailyBackups({ db: ctx.database.db, dir, key: {}, now: () => new Date(2026, 10, 10, 9, 0), intervalMs: 25, logger });
    await until(() => lines.some((l) => l.level === 'error'));
    await stop();
    expect(lines.find((l) => l.level === 'error')!.message).toContain(BACKUP_MESSAGES.noKeyForBackup);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
