import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-menu';
import { openConfiguredDatabase } from './db/open';
import { backupKeySource, startDailyBackups } from './modules/backups';
import { parsePrinterNetworks } from './modules/printing';
import { seedDemo } from './demo/seed-demo';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig(process.env);
  const dataDir = path.resolve(config.dataDir);
  const opened = await openConfiguredDatabase(config);
  const { database } = opened;
  const printing = { networks: parsePrinterNetworks(config.printerNetworks) };
  const app = await buildApp({ database, config, logger: { level: config.logLevel }, dataDir, printing, liveEventsUrl: config.databaseUrl });
  // Before listening: the demo data is written as commands of the app, like every other write.
  const seed = config.seedDemo ? await seedDemo(app) : { seeded: false };
  // The embedded default backs itself up; a PostgreSQL server is backed up with pg_dump (docs/operations.md),
  // unless BACKUP_DIR asks for Sofra's own daily backups too.
  const backupDir = config.backupDir ? path.resolve(config.backupDir) : config.databaseUrl ? undefined : path.join(dataDir, 'backups');
  const stopBackups = backupDir ? startDailyBackups({ db: database.db, dir: backupDir, key: backupKeySource(process.env, dataDir), logger: app.log }) : async () => {};

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    // waits for a backup in progress, so it finishes before the database closes
    await stopBackups();
    await opened.release();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Sofra hazır: ${url}  (veritabanı: ${opened.where}, ${Math.round(performance.now() - startedAt)} ms)`,
  ];
  if (seed.seeded) lines.push('Demo verisi yüklendi.');
  if (config.seedDemo) {
    lines.push(`Demo girişleri (şifre: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(8)} ${a.email}`);
    lines.push('  owner    owner2@demo.local  (İkinci Şube)');
    if (seed.restaurantId) lines.push(`Herkese açık menü: ${url}/menu/${seed.restaurantId}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Sofra başlatılamadı:', err instanceof Error ? err.message : err);
  process.exit(1);
});
