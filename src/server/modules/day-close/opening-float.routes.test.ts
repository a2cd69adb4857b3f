import type { DayCloseReport } from '../../../shared/day-close-contract';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';

/*
 * The opening float of a Gün Sonu is the last Kasa açılışı entered in its days (day-figures.ts): an
 * owner who typed 500 TL and then corrected it to 200 TL counts 200 TL in the drawer, not the first.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('takes the last Kasa açılışı of the day when the owner entered it twice', async () => {
  const f = await billsFixture(ctx);
  const owner = f.api(f.restaurant.owner);
  expect((await owner.call('POST', '/cash-movements', { kind: 'opening', amount: 50_000 })).statusCode).toBe(201);
  expect((await owner.call('POST', '/cash-movements', { kind: 'opening', amount: 20_000, reason: 'Yanlış girilmişti' })).statusCode).toBe(201);
  const day = (await owner.call('GET', '/days/current')).json() as DayCloseReport;
  expect(day.cash).toMatchObject({ openingFloat: 20_000, openingFloatSource: 'entered', expected: 20_000 });
});
