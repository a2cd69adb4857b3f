import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS, type NetworkPrinters } from '../../../shared/printer-settings';
import { formatTL } from '../../../shared/domain/money';
import { PRINTING_MESSAGES, type PrintFailure } from '../../../shared/printing-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { menuFactory } from '../../test-support/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';
import { CP857, SELECT_CP857, capturePrinter, closedPort, cp857Bytes, decodeCp857 } from './printing-test-kit';

let ctx: TestContext;
let f: BillsFixture;
let dishes: Awaited<ReturnType<typeof menuFactory>>['items'];
const printers: Awaited<ReturnType<typeof capturePrinter>>[] = [];

beforeAll(async () => {
  // A failed kitchen slip is retried one second later, so a test can watch the retry happen.
  ctx = await createTestApp({ printing: { timeoutMs: 2000, retryDelayMs: 1000 } });
  f = await billsFixture(ctx);
  dishes = (
    await menuFactory(ctx, f.restaurant.id, {
      category: { name: 'Özel' },
      optionGroup: false,
      items: [
        { name: 'İçli Köfte', priceKurus: 12_000, station: 'Mutfak' },
        { name: 'Şiş Kebabı', priceKurus: 34_050, station: 'Mutfak' },
        { name: 'Dağ Çayı', priceKurus: 3_000, station: 'Bar' },
        { name: 'Güllaç', priceKurus: 9_000, station: 'Tatlı' },
      ],
    })
  ).items;
});
afterAll(async () => {
  await ctx.close();
  await Promise.all(printers.map((p) => p.close()));
});

async function printer(port = 0) {
  const p = await capturePrinter(port);
  printers.push(p);
  return p;
}

async function setPrinters(networkPrinters: Partial<NetworkPrinters>) {
  const res = await f
    .api(f.restaurant.owner)
    .call('PUT', '/settings/printer', { ...DEFAULT_PRINTER_SETTINGS, networkPrinters: { bill: null, stations: [], ...networkPrinters } });
  expect(res.statusCode, res.body).toBe(200);
}

const [icli, sis, cay, gullac] = [0, 1, 2, 3];
async function turkishTicket(counts: [number, number][], send = true) {
  return f.ticketWith(
    await f.freeTable(),
    counts.map(([i, quantity]) => ({ menuItemId: dishes[i].id, quantity, note: i === sis ? 'az pişmiş, soğansız' : undefined })),
    { send },
  );
}
const printBill = (ticketId: string, who = f.restaurant.waiter) => f.api(who).call('POST', `/tickets/${ticketId}/print`);
const failures = async () => (await f.api(f.restaurant.owner).call('GET', '/printing/failures')).json() as PrintFailure[];

describe('printing the bill on the network printer', () => {
  it('sends the bill as cp857 ESC/POS: Turkish letters as their cp857 bytes, the item names and the total', async () => {
    const bill = await printer();
    await setPrinters({ bill: { host: bill.host, port: bill.port } });
    const t = await turkishTicket([
      [icli, 2],
      [sis, 1],
      [cay, 3],
    ]);

    const res = await printBill(t.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printed: true, host: bill.host, port: bill.port });
    expect(await bill.untilJobs(1)).toHaveLength(1);
    const job = bill.jobs[0];

    // The printer is switched to cp857 before any text, and every Turkish letter is its cp857 byte.
    expect(job.indexOf(SELECT_CP857)).toBeGreaterThanOrEqual(0);
    for (const word of ['İçli Köfte', 'Şiş Kebabı', 'Dağ Çayı', 'Mali değeri yoktur']) expect(job.includes(cp857Bytes(word)), word).toBe(true);
    expect(CP857).toMatchObject({ ş: 0x9f, ı: 0x8d, İ: 0x98, ğ: 0xa7, ç: 0x87, ö: 0x94, ü: 0x81 });
    // and never as UTF-8 (ş would be C5 9F)
    expect(job.includes(Buffer.from('ş', 'utf8'))).toBe(false);

    const text = decodeCp857(job);
    const total = 2 * 12_000 + 34_050 + 3 * 3_000;
    expect(t.totals.total).toBe(total);
    expect(text).toMatch(new RegExp(`TOPLAM\\s+${formatTL(total).replace('.', '\\.')}`));
    expect(text).toContain('2 x İçli Köfte');
    expect(text).toContain('3 x Dağ Çayı');
    expect(text).toContain(`Garson: ${t.waiterName}`);
    expect(text).toContain(`Masa: ${t.tableName}`);
  });

  it('prints once when Hesabı Yazdır is sent twice at once with one idempotency key (a double tap, a retry on a slow line)', async () => {
    const bill = await printer();
    await setPrinters({ bill: { host: bill.host, port: bill.port } });
    const t = await turkishTicket([[icli, 1]]);
    const keyed = () => f.api(f.restaurant.waiter).call('POST', `/tickets/${t.id}/print`, undefined, { 'idempotency-key': `print-twice-${t.id}` });
    const answers = await Promise.all([keyed(), keyed()]);
    expect(answers.map((r) => r.statusCode)).toContain(200);
    expect(await bill.untilJobs(1)).toHaveLength(1);
    // both answers are in: a second print would have connected by now
    expect(bill.connections).toBe(1);
    // a later retry is answered from the first, and prints nothing
    const retry = await keyed();
    expect(retry.json()).toEqual({ printed: true, host: bill.host, port: bill.port });
    expect(bill.connections).toBe(1);
  });

  it('answers 409 in Turkish when no bill printer is set, and sends nothing', async () => {
    await setPrinters({ bill: null });
    const t = await turkishTicket([[icli, 1]]);
    const res = await printBill(t.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PRINTING_MESSAGES.noBillPrinter });
  });

  it('answers 503 "Yazıcıya ulaşılamadı: host:port" when the printer does not answer, and the app keeps serving', async () => {
    const port = await closedPort();
    await setPrinters({ bill: { host: '127.0.0.1', port } });
    const t = await turkishTicket([[icli, 1]]);
    const res = await printBill(t.id, f.restaurant.owner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: `Yazıcıya ulaşılamadı: 127.0.0.1:${port}` });

    // the person retries once the printer is back: the same request prints
    const back = await printer(port);
    const again = await printBill(t.id, f.restaurant.owner);
    expect(again.statusCode).toBe(200);
    expect(await back.untilJobs(1)).toHaveLength(1);
    expect((await f.api().call('GET', `/tickets/${t.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another restaurant's ticket and prints nothing", async () => {
    const bill = await printer();
    await setPrinters({ bill: { host: bill.host, port: bill.port } });
    const other = await billsFixture(ctx);
    const theirs = await other.sentTicket();
    const res = await printBill(theirs.id);
    expect(res.statusCode).toBe(404);
    expect(bill.jobs).toHaveLength(0);
  });
});

describe('printing kitchen slips on Mutfağa Gönder', () => {
  it("prints each station's lines on that station's printer only, and nothing for a station without one", async () => {
    const mutfak = await printer();
    const bar = await printer();
    await setPrinters({
      stations: [
        { station: 'Mutfak', host: mutfak.host, port: mutfak.port },
        { station: 'Bar', host: bar.host, port: bar.port },
      ],
    });
    const t = await turkishTicket([
      [icli, 2],
      [sis, 1],
      [cay, 3],
      [gullac, 1], // Tatlı: no printer
    ]);
    await ctx.app.printing.settled();

    expect(await mutfak.untilJobs(1)).toHaveLength(1);
    expect(await bar.untilJobs(1)).toHaveLength(1);
    const kitchen = decodeCp857(mutfak.jobs[0]);
    expect(kitchen).toContain('MUTFAK');
    expect(kitchen).toContain('2 x İçli Köfte');
    expect(kitchen).toContain('1 x Şiş Kebabı');
    expect(kitchen).toContain('Not: az pişmiş, soğansız');
    expect(kitchen).toContain(t.tableName!);
    expect(kitchen).toContain(`Adisyon No: ${t.number}`);
    expect(kitchen).toContain(`Garson: ${t.waiterName}`);
    expect(kitchen).not.toContain('Dağ Çayı');
    expect(kitchen).not.toContain('Güllaç');
    expect(mutfak.jobs[0].includes(cp857Bytes('Şiş Kebabı'))).toBe(true);

    const drinks = decodeCp857(bar.jobs[0]);
    expect(drinks).toContain('BAR');
    expect(drinks).toContain('3 x Dağ Çayı');
    expect(drinks).not.toContain('Köfte');
    expect(drinks).not.toContain('Güllaç');
  });

  it('prints on a station printer from the first send after the owner adds it, and not after removing it', async () => {
    await setPrinters({ stations: [] });
    await turkishTicket([[icli, 1]]); // remembered: this kitchen has no station printer
    await ctx.app.printing.settled();
    const mutfak = await printer();
    await setPrinters({ stations: [{ station: 'Mutfak', host: mutfak.host, port: mutfak.port }] });
    await turkishTicket([[sis, 1]]);
    await ctx.app.printing.settled();
    expect(await mutfak.untilJobs(1)).toHaveLength(1);
    expect(decodeCp857(mutfak.jobs[0])).toContain('1 x Şiş Kebabı');

    await setPrinters({ stations: [] });
    await turkishTicket([[icli, 2]]);
    await ctx.app.printing.settled();
    expect(mutfak.jobs).toHaveLength(1);
  });

  it('prints only the new lines of an addition, marked as one', async () => {
    const mutfak = await printer();
    await setPrinters({ stations: [{ station: 'Mutfak', host: mutfak.host, port: mutfak.port }] });
    let t = await turkishTicket([[icli, 1]]);
    t = (await f.api().add(t, [{ menuItemId: dishes[sis].id, quantity: 2 }])).json() as Ticket;
    expect((await f.api().send(t)).statusCode).toBe(200);
    await ctx.app.printing.settled();

    expect(await mutfak.untilJobs(2)).toHaveLength(2);
    const addition = decodeCp857(mutfak.jobs[1]);
    expect(addition).toContain('2 x Şiş Kebabı');
    expect(addition).not.toContain('Köfte');
    expect(addition).toContain('EK SİPARİŞ');
  });

  it('still sends when a station printer does not answer, records the failure for the owner and retries it once', async () => {
    const port = await closedPort();
    const bar = await printer();
    await setPrinters({
      stations: [
        { station: 'Mutfak', host: '127.0.0.1', port },
        { station: 'Bar', host: bar.host, port: bar.port },
      ],
    });
    const before = (await failures()).length;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const t = await turkishTicket([
      [icli, 1],
      [cay, 1],
    ]);
    expect(t.lines.every((l) => l.status === 'sent')).toBe(true);
    await ctx.app.printing.settled();
    expect(await bar.untilJobs(1)).toHaveLength(1);

    const list = await failures();
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({
      station: 'Mutfak',
      host: '127.0.0.1',
      port,
      ticketId: t.id,
      ticketNumber: t.number,
      where: t.tableName,
      error: `Yazıcıya ulaşılamadı: 127.0.0.1:${port}`,
      retry: 'scheduled',
    });
    // the retry waits the app's retry delay (1 s here), not its printer timeout (2 s)
    const delays = timers.mock.calls.map(([, ms]) => ms);
    expect(delays).toContain(1000);
    expect(delays).not.toContain(2000);

    // The printer comes back before the retry: the slip prints then.
    const back = await printer(port);
    await vi.waitFor(async () => expect((await failures())[0].retry).toBe('printed'), { timeout: 10_000, interval: 100 });
    expect(await back.untilJobs(1)).toHaveLength(1);
    expect(decodeCp857(back.jobs[0])).toContain('1 x İçli Köfte');
  });

  it('marks the retry failed when the printer is still away, and tells the open screens each time', async () => {
    const events: { type: string; id?: string }[] = [];
    const stop = ctx.app.hub.subscribe(f.restaurant.id, (e) => events.push(e));
    const port = await closedPort();
    await setPrinters({ stations: [{ station: 'Mutfak', host: '127.0.0.1', port }] });
    const t = await turkishTicket([[icli, 1]]);
    await ctx.app.printing.settled();
    const [failure] = await failures();
    expect(failure).toMatchObject({ ticketId: t.id, retry: 'scheduled' });
    await vi.waitFor(async () => expect((await failures())[0].retry).toBe('failed'), { timeout: 10_000, interval: 100 });
    // the failure and the end of its retry, each as a 'printing' live event
    expect(events.filter((e) => e.type === 'printing' && e.id === failure.id)).toHaveLength(2);
    stop();
  });

  it("shows the failures to the owner only, and never another restaurant's", async () => {
    for (const who of [f.restaurant.waiter, f.restaurant.kitchen]) {
      expect((await f.api(who).call('GET', '/printing/failures')).statusCode).toBe(403);
    }
    const other = await billsFixture(ctx);
    const res = await other.api(other.restaurant.owner).call('GET', '/printing/failures');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
