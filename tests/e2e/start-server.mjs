// Starts the built server on a fresh data directory (the embedded PostgreSQL) with demo data, for the e2e run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sofra-e2e-'));
process.env.SEED_DEMO = '1';
process.env.LOG_LEVEL = 'warn';
await import('../../dist/server/server.js');
