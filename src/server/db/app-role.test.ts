import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { runningEmbeddedUrls } from './embedded-postgres';

/**
 * The server's database role owns nothing: whatever it runs, it cannot switch off the guards of
 * the records (triggers, their functions, replication role) nor rewrite the audit log. Checked on
 * the embedded default and, in the PostgreSQL run (TEST_DATABASE_URL), with DATABASE_OWNER_URL.
 */
let ownerUrl: string;
let appUrl: string;
let database: Database;
let app: pg.Client;
let cleanup: () => Promise<void>;

async function serverTarget(url: string) {
  const suffix = randomBytes(6).toString('hex');
  const [dbName, role, password] = [`sofra_role_${suffix}`, `sofra_app_${suffix}`, randomBytes(12).toString('hex')];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  const owner = new URL(url);
  owner.pathname = `/${dbName}`;
  const appTarget = new URL(owner);
  appTarget.username = role;
  appTarget.password = password;
  return {
    ownerUrl: owner.toString(),
    appUrl: appTarget.toString(),
    cleanup: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    },
  };
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    ({ ownerUrl, appUrl, cleanup } = await serverTarget(process.env.TEST_DATABASE_URL));
    database = await openDatabase({ kind: 'postgres', url: appUrl, ownerUrl });
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-role-'));
    database = await openDatabase({ kind: 'embedded', dataDir });
    ({ ownerUrl, appUrl } = runningEmbeddedUrls(dataDir)!);
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  app = new pg.Client({ connectionString: appUrl });
  await app.connect();
});

afterAll(async () => {
  await app?.end();
  await database?.close();
  await cleanup?.();
});

describe('the server role cannot undo the guards of the records', () => {
  it.each([
    ['disable the audit trigger', 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update'],
    ['disable the bill trigger', 'ALTER TABLE tickets DISABLE TRIGGER tickets_keep_bills_delete'],
    ['replace the trigger function', "CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$"],
    ['drop the trigger', 'DROP TRIGGER audit_events_no_delete ON audit_events'],
    ['switch triggers off for its session', 'SET session_replication_role = replica'],
    ['rewrite the audit log', "UPDATE audit_events SET reason = 'silindi'"],
    ['delete from the audit log', 'DELETE FROM audit_events'],
    ['empty the audit log', 'TRUNCATE audit_events'],
    ['drop a table', 'DROP TABLE payments'],
    // guests' table requests are answered, never removed (the reports count them)
    ["delete a guest's table request", 'DELETE FROM table_requests'],
    ['empty the table requests', 'TRUNCATE table_requests'],
    ['rewrite a cash movement', 'UPDATE cash_movements SET amount_kurus = 0'],
    ['delete a cash movement', 'DELETE FROM cash_movements'],
    ['rewrite an İade', 'UPDATE refunds SET reason = NULL'],
    ['delete an İade line', 'DELETE FROM refund_lines'],
    ['take an İade off the sales report', 'DELETE FROM sales_refunds'],
    ['rewrite a courier settlement', 'UPDATE courier_settlements SET cash_kurus = 0'],
    ['rewrite a Gün Sonu report', 'UPDATE day_closes SET cash_sales_kurus = 0'],
    ['rewrite a stock movement', 'UPDATE ingredient_movements SET quantity_milli = 0'],
    ['move a courier position', 'UPDATE courier_positions SET lat = 0'],
  ])('refuses to %s', async (_what, statement) => {
    await expect(app.query(statement)).rejects.toMatchObject({ code: expect.stringMatching(/^42501$|^42P01$/) });
  });

  it('still reads and writes the rows the app needs', async () => {
    const { rows } = await app.query('SELECT current_user AS me, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser');
    expect(rows[0].superuser).toBe(false);
    await expect(app.query('SELECT count(*) FROM audit_events')).resolves.toBeTruthy();
    await expect(app.query("INSERT INTO restaurants (name) VALUES ('Rol Denemesi') RETURNING id")).resolves.toMatchObject({ rowCount: 1 });
  });

  it('leaves the owner role able to migrate (it owns the schema)', async () => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query("SELECT tableowner FROM pg_tables WHERE tablename = 'audit_events'");
      expect(rows[0].tableowner).toBe(decodeURIComponent(new URL(ownerUrl).username) || 'postgres');
    } finally {
      await owner.end();
    }
  });
});

describe('the database is durable by configuration', () => {
  it('runs with fsync, synchronous commit and full page writes on', async () => {
    const { rows } = await app.query(
      "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sync, current_setting('full_page_writes') AS fpw",
    );
    expect(rows[0]).toEqual({ fsync: 'on', sync: 'on', fpw: 'on' });
  });
});
