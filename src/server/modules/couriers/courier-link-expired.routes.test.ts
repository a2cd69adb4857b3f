import { COURIER_MESSAGES } from '../../../shared/couriers-contract';
import { appForClockTests, type TestContext } from '../../test-support/test-app';
import { couriersFixture } from './couriers-test-kit';

/*
 * Kurye Takibi shows until when a courier's link works (linkExpiresAt). Once the link has expired
 * the board shows no working link — the owner then knows to make a new one — while the courier's
 * phone is refused with the "expired" message. The clock is moved past the link's end.
 */
let ctx: TestContext;
appForClockTests((c) => (ctx = c));

describe('an expired courier link', () => {
  it('shows no working link on the board, and the phone is told it expired', async () => {
    const start = new Date('2026-11-25T09:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const f = await couriersFixture(ctx);
    const courier = await f.addCourier();
    const res = await f.owner.call('POST', `/couriers/${courier.id}/link`, { hours: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { path, expiresAt } = res.json() as { path: string; expiresAt: string };
    const token = path.split('/').pop()!;
    const shown = async () => (await f.board()).couriers.find((c) => c.id === courier.id)!.linkExpiresAt;
    expect(await shown()).toBe(expiresAt);
    expect((await f.phone(token).call('GET', '')).statusCode).toBe(200);

    // a minute before its end it still works and shows
    vi.setSystemTime(new Date(Date.parse(expiresAt) - 60_000));
    expect(await shown()).toBe(expiresAt);

    // a minute after: no working link on the board
    vi.setSystemTime(new Date(Date.parse(expiresAt) + 60_000));
    expect(await shown()).toBeNull();
    const phone = await f.phone(token).call('GET', '');
    expect(phone.statusCode).toBe(401);
    expect(phone.json().error).toBe(COURIER_MESSAGES.linkExpired);

    // a new link shows again
    const renewed = await f.owner.call('POST', `/couriers/${courier.id}/link`, { hours: 2 });
    expect(renewed.statusCode).toBe(201);
    expect(await shown()).toBe((renewed.json() as { expiresAt: string }).expiresAt);
  });
});
