import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_MESSAGES } from '../../../shared/client-error-contract';
import { MESSAGES } from '../../../shared/errors';
import { createTestApp, signedIn, type TestContext } from '../../test-support/test-app';
import { restaurantFactory } from '../../test-support/factories';
import { REPORT_LIMITS } from './report-limiter';

let ctx: TestContext;
let log = '';
let restaurantId: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  ctx = await createTestApp({ logger: { level: 'warn', stream } });
  restaurantId = (await restaurantFactory(ctx)).id;
});
afterAll(() => ctx.close());

const REPORT = { message: 'Cannot read properties of undefined (reading "paperWidth")', stack: 'TypeError: …\n    at PrinterSettingsPage', screen: '/owner/printer-settings', version: '0.1.0' };
const report = (cookies: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/client-errors', cookies, payload: payload as object });

describe('POST /api/client-errors', () => {
  it("logs a signed-in screen's crash with who and where, and answers 204", async () => {
    const waiter = await signedIn(ctx, restaurantId, 'waiter');
    log = '';
    const res = await report(waiter.cookies, REPORT);
    expect(res.statusCode).toBe(204);
    const line = JSON.parse(log.trim().split('\n').find((l) => l.includes('client error'))!);
    expect(line.level).toBe(50);
    expect(line.clientError).toEqual(REPORT);
    expect(line).toMatchObject({ userId: waiter.user.id, restaurantId, role: 'waiter' });
  });

  it('refuses a report without a session (401, Turkish)', async () => {
    const res = await report(undefined, REPORT);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notSignedIn });
  });

  it.each([
    ['no message', { ...REPORT, message: '' }, 'message', 'Hata mesajı boş olamaz'],
    ['a stack past its bound', { ...REPORT, stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }, 'stack', `Hata yığını en fazla ${CLIENT_ERROR_LIMITS.stack} karakter olabilir`],
    ['a screen that is not a path', { ...REPORT, screen: 'http://evil.test' }, 'screen', 'Ekran / ile başlayan bir adres olmalı'],
    ['no version', { message: 'x', screen: '/owner' }, 'version', 'Sürüm gerekli'],
  ])('answers 400 in Turkish for %s', async (_case, payload, field, message) => {
    const owner = await signedIn(ctx, restaurantId, 'owner');
    const res = await report(owner.cookies, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('takes a limited number of reports per session, then answers 429 with Retry-After and logs nothing more', async () => {
    const kitchen = await signedIn(ctx, restaurantId, 'kitchen');
    for (let i = 0; i < REPORT_LIMITS.perSession; i++) expect((await report(kitchen.cookies, REPORT)).statusCode).toBe(204);
    log = '';
    const refused = await report(kitchen.cookies, REPORT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: CLIENT_ERROR_MESSAGES.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(log).not.toContain('client error');
    // another session of the same restaurant still gets through
    expect((await report((await signedIn(ctx, restaurantId, 'kitchen')).cookies, REPORT)).statusCode).toBe(204);
  });
});
