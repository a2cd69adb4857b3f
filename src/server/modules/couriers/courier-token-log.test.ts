import { Writable } from 'node:stream';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { couriersFixture } from './couriers-test-kit';

/* A courier link's token opens the courier's orders: the request log must never hold it. */
let ctx: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => ctx.close());

it("the request log names the courier's route, never the link's token", async () => {
  const f = await couriersFixture(ctx);
  const trip = await f.onTrip(1);
  lines.length = 0;
  expect((await trip.phone.call('GET', '')).statusCode).toBe(200);
  expect((await trip.phone.position({ lat: 41, lng: 29, accuracy: 5 })).statusCode).toBe(204);
  const log = lines.join('');
  expect(log).toContain('/api/courier/***');
  expect(log).not.toContain(trip.token);
});
