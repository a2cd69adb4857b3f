import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuFactory } from '../../test-support/factories';
import type { TestContext } from '../../test-support/test-app';
import type { BillsFixture } from '../bills/bills-test-kit';
import { kitchenPrinterApp } from './kitchen-printer-test-kit';
import { decodeCp857 } from './printing-test-kit';

/**
 * The printer's hand-over can be held: while `held` is set, every send waits for it before it
 * connects. What each send printed is logged as it starts and as it ends.
 */
const printer = vi.hoisted(() => ({ held: null as Promise<void> | null, log: [] as string[] }));
vi.mock('./network-printer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./network-printer')>();
  return {
    ...actual,
    sendToPrinter: async (...args: Parameters<typeof actual.sendToPrinter>) => {
      const slip = /(\d+) x (\S+)/.exec(decodeCp857(Buffer.from(args[1])))?.[0] ?? '?';
      printer.log.push(`başladı ${slip}`);
      if (printer.held) await printer.held;
      await actual.sendToPrinter(...args);
      printer.log.push(`bitti ${slip}`);
    },
  };
});

let ctx: TestContext;
let f: BillsFixture;
let dishes: Awaited<ReturnType<typeof menuFactory>>['items'];
let mutfak: Awaited<ReturnType<typeof kitchenPrinterApp>>['mutfak'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, f, mutfak, close } = await kitchenPrinterApp());
  dishes = (
    await menuFactory(ctx, f.restaurant.id, {
      category: { name: 'Sıcaklar' },
      optionGroup: false,
      items: [
        { name: 'Mercimek', priceKurus: 9_000, station: 'Mutfak' },
        { name: 'Kuzu', priceKurus: 45_000, station: 'Mutfak' },
      ],
    })
  ).items;
});
afterAll(() => close());

describe("a kitchen printer's slips", () => {
  it('come out one at a time in the order they were sent, even when the first one is slow to hand over', async () => {
    let release!: () => void;
    printer.held = new Promise<void>((resolve) => (release = resolve));
    let t = await f.ticketWith(await f.freeTable(), [{ menuItemId: dishes[0].id, quantity: 1 }], { send: true });
    await vi.waitFor(() => expect(printer.log).toEqual(['başladı 1 x Mercimek']));
    // the addition is sent while the first slip is still on its way to the printer
    t = (await f.api().add(t, [{ menuItemId: dishes[1].id, quantity: 2 }])).json() as Ticket;
    expect((await f.api().send(t)).statusCode).toBe(200);
    // Its slip must wait for the first. Released once it starts anyway (the fault) or after a
    // moment: a bound on the wait, never a judgement of speed.
    await vi.waitFor(() => expect(printer.log).toContain('başladı 2 x Kuzu'), { timeout: 300 }).catch(() => {});
    printer.held = null;
    release();
    await ctx.app.printing.settled();

    expect(printer.log).toEqual(['başladı 1 x Mercimek', 'bitti 1 x Mercimek', 'başladı 2 x Kuzu', 'bitti 2 x Kuzu']);
    expect(await mutfak.untilJobs(2)).toHaveLength(2);
    expect(decodeCp857(mutfak.jobs[0])).toContain('1 x Mercimek');
    expect(decodeCp857(mutfak.jobs[1])).toContain('2 x Kuzu');
    expect(decodeCp857(mutfak.jobs[1])).toContain('EK SİPARİŞ');
  });
});
