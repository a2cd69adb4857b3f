/** The backups module's front door: what other modules and the app may use of it; they import nothing else. */
export { backupFileName, writeBackupFile } from './backup-file';
export { startDailyBackups } from './daily';
export type { BackupSummary } from './dump';
export { migrateUpTo } from './migrate-to';
export { BackupError, restoreDatabase, verifyBackup } from './restore';
