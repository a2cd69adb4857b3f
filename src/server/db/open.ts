import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from './client';
import { runningEmbeddedUrls } from './embedded-postgres';
import { acquireDataDirLock, DataDirLockedError } from './lock';

export interface OpenedDatabase {
  database: Database;
  /** for the start-up line: "PostgreSQL" or the embedded cluster's DATA_DIR */
  where: string;
  /** closes the database and, on the embedded default, stops its cluster and releases DATA_DIR */
  release(): Promise<void>;
}

/**
 * The database the configuration names: a PostgreSQL server (DATABASE_URL, migrations as
 * DATABASE_OWNER_URL when given) or the embedded default in DATA_DIR, which this process then
 * owns. A tool (create-restaurant, backup) may instead join the cluster of a server already
 * running on DATA_DIR (`besideRunningServer`); the server itself never does.
 */
export async function openConfiguredDatabase(config: ServerConfig, { besideRunningServer = false } = {}): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl });
    return { database, where: 'PostgreSQL', release: () => database.close() };
  }
  const dataDir = path.resolve(config.dataDir);
  let unlock: () => Promise<void>;
  try {
    unlock = await acquireDataDirLock(dataDir);
  } catch (err) {
    const running = err instanceof DataDirLockedError && besideRunningServer ? runningEmbeddedUrls(dataDir) : null;
    if (!running) throw err;
    const database = await openDatabase({ kind: 'postgres', url: running.ownerUrl, migrate: false });
    return { database, where: `çalışan sunucunun veritabanı (${dataDir})`, release: () => database.close() };
  }
  try {
    const database = await openDatabase({ kind: 'embedded', dataDir });
    return {
      database,
      where: `gömülü PostgreSQL (${dataDir})`,
      release: async () => {
        await database.close();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}
