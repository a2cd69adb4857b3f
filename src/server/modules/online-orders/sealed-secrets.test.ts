import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openSecret, sealSecret, SECRET_BOX_MESSAGES, useSecretsKey } from '../../lib/secret-box';
import { dumpToBuffer } from '../backups/backup-test-kit';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { onlineOrdersFixture } from './online-orders-test-kit';
import { rowsOf } from '../reports/sales-figures';
import { connected, SECRETS } from './platforms-test-kit';
import { sealPlainSecrets } from './seal-secrets';

/*
 * The own channel's secret and the platforms' credentials are stored sealed (lib/secret-box.ts):
 * a copy of the database or a backup does not carry them readable, and the server reads them back.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const raw = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, string>>(await ctx.database.db.execute(query));

describe('stored secrets', () => {
  it('the channel secret is sealed in its row, shown to the owner and still signs orders', async () => {
    const o = await onlineOrdersFixture(ctx);
    const rotated = await o.call(o.restaurant.owner, 'POST', '/integrations/sofra/secret');
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    const [row] = await raw(sql`select secret from integration_secrets where restaurant_id = ${o.restaurant.id}`);
    expect(row.secret).toMatch(/^sv1:/);
    expect(row.secret).not.toContain(secret);
    expect((await o.call(o.restaurant.owner, 'GET', '/integrations/sofra/secret')).json()).toMatchObject({ secret });
    expect((await o.post(o.order(), {}, secret)).statusCode).toBe(201);
  });

  it('a platform’s webhook secret and credentials are sealed, and a backup carries none of them readable', async () => {
    const { restaurant } = await connected(ctx, 'getir');
    const plain = { webhookSecret: SECRETS.getir, clientSecret: 'getir-client-secret' };
    const [row] = await raw(sql`select webhook_secret, client_secret from platform_connections where restaurant_id = ${restaurant.id}`);
    expect(row.webhook_secret).toMatch(/^sv1:/);
    expect(row.client_secret).toMatch(/^sv1:/);
    const backup = (await dumpToBuffer(ctx.database.db)).toString('utf8');
    expect(backup).not.toContain(plain.webhookSecret);
    expect(backup).not.toContain(plain.clientSecret);
  });

  it('secrets stored before sealing read as they are and are sealed at start', async () => {
    const o = await onlineOrdersFixture(ctx);
    await ctx.database.db.execute(sql`update integration_secrets set secret = 'eski-duz-anahtar' where restaurant_id = ${o.restaurant.id}`);
    expect((await o.call(o.restaurant.owner, 'GET', '/integrations/sofra/secret')).json()).toMatchObject({ secret: 'eski-duz-anahtar' });
    expect(await sealPlainSecrets(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await raw(sql`select secret from integration_secrets where restaurant_id = ${o.restaurant.id}`);
    expect(row.secret).toMatch(/^sv1:/);
    expect((await o.call(o.restaurant.owner, 'GET', '/integrations/sofra/secret')).json()).toMatchObject({ secret: 'eski-duz-anahtar' });
    expect(await sealPlainSecrets(ctx.database.db)).toBe(0);
  });

  it('another key cannot open them, and says what to put back', () => {
    const sealed = sealSecret('gizli');
    expect(openSecret(sealed)).toBe('gizli');
    // the files of one worker share the key: the one in use is put back
    const inUse = useSecretsKey(randomBytes(32));
    try {
      expect(() => openSecret(sealed)).toThrow(SECRET_BOX_MESSAGES.wrongKey);
    } finally {
      if (inUse) useSecretsKey(inUse);
    }
  });
});
