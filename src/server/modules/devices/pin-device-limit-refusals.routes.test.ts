import { randomUUID } from 'node:crypto';
import { PIN_LIMITS, PIN_MESSAGES } from '../../../shared/pin-contract';
import { createTestApp, signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { pinKit } from './pin-test-kit';

/*
 * A shared device gets 429 after PIN_LIMITS.deviceFailures wrong PINs (pin-checks.ts): that limit is
 * for guessing PINs. A refusal that is not a wrong PIN — a person who is not there, has no PIN, or
 * is another restaurant's — guesses nothing and rolls back uncounted, so a tablet where staff tap
 * a name that has no PIN yet is never locked out for the evening.
 */
let ctx: TestContext;
let kit: ReturnType<typeof pinKit>;
beforeAll(async () => {
  ctx = await createTestApp();
  kit = pinKit(ctx);
});
afterAll(() => ctx.close());

describe('non-PIN refusals on a shared device', () => {
  it('are not counted toward the device limit; wrong PINs still are', async () => {
    const r = await staffedRestaurant(ctx, 'Sayaç Lokantası');
    const tablet = await kit.registerDevice(r.id, r.owner, 'Bahçe Tableti');
    expect((await kit.setPin(r.waiter, '4826')).statusCode).toBe(200);
    // staff without a PIN, and someone of another restaurant with one
    const noPin = await signedIn(ctx, r.id, 'waiter', { name: 'PIN’siz Garson' });
    const other = await staffedRestaurant(ctx, 'Komşu Lokanta');
    expect((await kit.setPin(other.waiter, '4826')).statusCode).toBe(200);

    const refusals: [string, string, number, string][] = [
      [randomUUID(), '1234', 404, PIN_MESSAGES.staffNotFound],
      ['kimse', '1234', 404, PIN_MESSAGES.staffNotFound],
      [noPin.user.id, '1234', 403, PIN_MESSAGES.noPin],
      [other.waiter.user.id, '4826', 404, PIN_MESSAGES.staffNotFound],
    ];
    // more refusals than the device limit allows wrong PINs
    for (let round = 0; round * refusals.length <= PIN_LIMITS.deviceFailures; round++) {
      for (const [userId, pin, status, message] of refusals) {
        const res = await kit.pinLogin(tablet.cookies, userId, pin);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error).toBe(message);
      }
    }
    expect((await kit.pinLogin(tablet.cookies, r.waiter.user.id, '4826')).statusCode).toBe(200);

    // the limit itself still holds for wrong PINs (spread over people so no one is locked first)
    const people = [r.waiter, await signedIn(ctx, r.id, 'waiter'), await signedIn(ctx, r.id, 'waiter')];
    for (const p of people.slice(1)) expect((await kit.setPin(p, '5937')).statusCode).toBe(200);
    for (let i = 0; i < PIN_LIMITS.deviceFailures; i++) {
      expect((await kit.pinLogin(tablet.cookies, people[i % 3].user.id, `80${i}9`)).statusCode).toBe(401);
    }
    expect((await kit.pinLogin(tablet.cookies, r.waiter.user.id, '4826')).statusCode).toBe(429);
  });
});
