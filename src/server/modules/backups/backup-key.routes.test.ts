import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupKeyState } from '../../../shared/backup-key-contract';
import { auditEvents } from '../../db/schema';
import { createTestApp, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { BACKUP_KEY_MESSAGES, keyFingerprint } from './backup-key.routes';
import { backupKeyFile } from './backup-key';
import { eq } from 'drizzle-orm';

/*
 * Ayarlar → Yedek anahtarı: the owner of the installation's restaurant sees the backup key until
 * marking it kept, and where it lives always; a second restaurant sharing the server never sees it.
 */
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sofra-backup-key-'));
  ctx = await createTestApp({ backupKey: { dataDir } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (restaurantId: string, cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/backup-key`, cookies });
const kept = (restaurantId: string, cookies: Record<string, string>, fingerprint: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/restaurants/${restaurantId}/backup-key/kept`, cookies, payload: { fingerprint } });

describe('the backup key on the owner’s Ayarlar', () => {
  it('is made on first sight, shown once to the first restaurant’s owner, then only its fingerprint and place', async () => {
    const first = await staffedRestaurant(ctx, 'İlk Lokanta');
    const second = await staffedRestaurant(ctx, 'İkinci Şube');

    const res = await get(first.id, first.owner.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const shown = res.json<BackupKeyState>();
    const onDisk = readFileSync(backupKeyFile(dataDir), 'utf8').trim();
    expect(shown).toMatchObject({ source: 'file', location: backupKeyFile(dataDir), key: onDisk, isKeeper: true, keptAt: null });
    expect(shown.fingerprint).toBe(keyFingerprint(Buffer.from(onDisk, 'hex')));

    // a second restaurant on the same server: where it is, never the key, and it cannot mark it
    const other = (await get(second.id, second.owner.cookies)).json<BackupKeyState>();
    expect(other).toMatchObject({ source: 'file', key: null, isKeeper: false, fingerprint: shown.fingerprint });
    const refused = await kept(second.id, second.owner.cookies, shown.fingerprint!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(BACKUP_KEY_MESSAGES.notKeeper);

    // another key's fingerprint (the file replaced meanwhile) is not marked kept
    const stale = await kept(first.id, first.owner.cookies, '0000-0000-0000-0000');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(BACKUP_KEY_MESSAGES.changed);

    const done = await kept(first.id, first.owner.cookies, shown.fingerprint!);
    expect(done.statusCode).toBe(200);
    expect(done.json<BackupKeyState>()).toMatchObject({ key: null, fingerprint: shown.fingerprint, keptByName: first.owner.user.name });
    const again = (await get(first.id, first.owner.cookies)).json<BackupKeyState>();
    expect(again.key).toBeNull();
    expect(again.keptAt).not.toBeNull();
    // marked once, audited once: a second tap changes nothing
    expect((await kept(first.id, first.owner.cookies, shown.fingerprint!)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'backup_key.kept'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ restaurantId: first.id, entityId: shown.fingerprint, actorUserId: first.owner.user.id });
  });

  it('is the owner’s alone: the kitchen and the waiter are refused', async () => {
    const r = await staffedRestaurant(ctx);
    expect((await get(r.id, r.waiter.cookies)).statusCode).toBe(403);
    expect((await get(r.id, r.kitchen.cookies)).statusCode).toBe(403);
    expect((await kept(r.id, r.waiter.cookies, '0000-0000-0000-0000')).statusCode).toBe(403);
  });

  it('refuses a malformed fingerprint in Turkish', async () => {
    const r = await staffedRestaurant(ctx);
    const res = await kept(r.id, r.owner.cookies, 'not-a-fingerprint');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/[ğüşıöçİ]|Geçersiz/);
  });
});

describe('a server without a data directory', () => {
  it('says there is no key to show; with SOFRA_BACKUP_KEY it names the key by fingerprint only', async () => {
    const bare = await createTestApp({ backupKey: {} });
    const envKey = 'ab'.repeat(32);
    const fromEnv = await createTestApp({ backupKey: { envKey } });
    try {
      for (const [app, expected] of [
        [bare, { source: 'none', key: null, fingerprint: null, location: null }],
        [fromEnv, { source: 'env', key: null, fingerprint: keyFingerprint(Buffer.from(envKey, 'hex')), location: null }],
      ] as const) {
        const r = await staffedRestaurant(app);
        const res = await app.app.inject({ method: 'GET', url: `/api/restaurants/${r.id}/backup-key`, cookies: r.owner.cookies });
        expect(res.json()).toMatchObject(expected);
        const marked = await app.app.inject({ method: 'POST', url: `/api/restaurants/${r.id}/backup-key/kept`, cookies: r.owner.cookies, payload: { fingerprint: '0000-0000-0000-0000' } });
        expect(marked.statusCode).toBe(409);
      }
    } finally {
      await bare.close();
      await fromEnv.close();
    }
  });
});
