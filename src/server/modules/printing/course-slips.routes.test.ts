import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import type { BillsFixture } from '../bills/bills-test-kit';
import { kitchenPrinterApp } from './kitchen-printer-test-kit';
import { decodeCp857 } from './printing-test-kit';

let ctx: TestContext;
let f: BillsFixture;
let mutfak: Awaited<ReturnType<typeof kitchenPrinterApp>>['mutfak'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, f, mutfak, close } = await kitchenPrinterApp());
});
afterAll(() => close());

it('a held course prints on the kitchen slip as waiting, and its fire prints a "BAŞLADI" slip with only its lines', async () => {
  const [corba, kebap] = (
    await menuFactory(ctx, f.restaurant.id, {
      category: { name: 'Sıralı' },
      optionGroup: false,
      items: [
        { name: 'Yayla Çorbası', priceKurus: 9_000, station: 'Mutfak' },
        { name: 'Şiş Kebabı', priceKurus: 34_000, station: 'Mutfak' },
      ],
    })
  ).items;
  const t = await f.ticketWith(await f.freeTable(), [
    { menuItemId: corba.id, quantity: 1 },
    { menuItemId: kebap.id, quantity: 2, course: 'Ana yemek' },
  ]);
  const sent = await f.api().call('POST', `/tickets/${t.id}/send`, { version: t.version, holdCourses: ['Ana yemek'] });
  expect(sent.statusCode, sent.body).toBe(200);
  await ctx.app.printing.settled();
  const first = decodeCp857((await mutfak.untilJobs(1))[0]);
  expect(first).toContain('1 x Yayla Çorbası');
  expect(first).toContain('2 x Şiş Kebabı');
  expect(first).toContain('BEKLİYOR: Ana yemek - başlatılınca hazırlayın');

  const ticket = (sent.json() as { ticket: Ticket }).ticket;
  const fired = await f.api().call('POST', `/tickets/${t.id}/courses/fire`, { version: ticket.version, course: 'Ana yemek' });
  expect(fired.statusCode, fired.body).toBe(200);
  await ctx.app.printing.settled();
  const slip = decodeCp857((await mutfak.untilJobs(2))[1]);
  expect(slip).toContain('ANA YEMEK BAŞLADI');
  expect(slip).toContain('2 x Şiş Kebabı');
  expect(slip).not.toContain('Yayla');
  expect(slip).not.toContain('BEKLİYOR');
  expect(slip).not.toContain('EK SİPARİŞ');
});
