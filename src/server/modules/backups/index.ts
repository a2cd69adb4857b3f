/** The backups module's front door: what other modules and the app may use of it; they import nothing else. */
export { backupFileName, writeBackupFile } from './backup-file';
export { backupKeyRoutes } from './backup-key.routes';
export { backupKeyForReading, backupKeyForWriting, backupKeyLookedFor, backupKeySource, type BackupKeySource } from './backup-key';
export { startDailyBackups } from './daily';
export { UNSIGNED_BACKUP_VERSION, type BackupSummary } from './dump';
export { migrateUpTo } from './migrate-to';
export { BackupError, restoreDatabase, verifyBackup, type BackupAuth } from './restore';
