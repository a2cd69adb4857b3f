import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS, type NetworkPrinters } from '../../../shared/printer-settings';
import { PRINTING_MESSAGES, type PrintFailure } from '../../../shared/printing-contract';
import { buildApp, type App } from '../../app';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { billsFixture, type BillsFixture } from '../bills/bills-test-kit';
import { parsePrinterNetworks, type Resolve } from './printer-networks';
import { capturePrinter, closedPort } from './printing-test-kit';

/**
 * PRINTER_NETWORKS: one database, served in turn by installations with different settings — as
 * when a restaurant's own PC (any address) stored its printers and the data moved to a server
 * shared by restaurants. `ctx.app` is whichever installation answers now.
 */
let base: TestContext;
let ctx: TestContext;
let f: BillsFixture;
const apps: App[] = [];
const printers: Awaited<ReturnType<typeof capturePrinter>>[] = [];

// Names no real DNS knows, so that what each resolves to is the test's choice.
const DNS: Record<string, string[]> = {
  'mutfak-yazici.local': ['127.0.0.1'],
  'ofis-yazici.local': ['10.20.30.40'],
  'bulut-meta.local': ['169.254.169.254'],
  'karisik.local': ['10.0.0.5', '127.0.0.1'],
};
const fakeDns: Resolve = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

const LAN = '192.168.0.0/16,10.0.0.0/8';
const LAN_AND_LOOPBACK = '10.0.0.0/8,127.0.0.0/8';

/** From now on the app of an installation started with PRINTER_NETWORKS=`value` answers. */
async function installation(value: string | undefined) {
  const app = await buildApp({
    database: base.database,
    config: { cookieSecure: 'auto', trustProxy: false },
    clientDir: '/nonexistent',
    printing: { timeoutMs: 2000, retryDelayMs: 1000, networks: parsePrinterNetworks(value), resolve: fakeDns },
  });
  await app.ready();
  apps.push(app);
  ctx.app = app;
  return app;
}

beforeAll(async () => {
  base = await createTestApp();
  ctx = { ...base };
  f = await billsFixture(ctx);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await base.close();
  await Promise.all(printers.map((p) => p.close()));
});

async function printer(port = 0) {
  const p = await capturePrinter(port);
  printers.push(p);
  return p;
}

const savePrinters = (networkPrinters: Partial<NetworkPrinters>) =>
  f.api(f.restaurant.owner).call('PUT', '/settings/printer', { ...DEFAULT_PRINTER_SETTINGS, networkPrinters: { bill: null, stations: [], ...networkPrinters } });
const storedPrinters = async () => ((await f.api(f.restaurant.owner).call('GET', '/settings/printer')).json() as { networkPrinters: NetworkPrinters }).networkPrinters;
const printBill = async () => f.api().call('POST', `/tickets/${(await f.sentTicket({ ezogelin: 1 })).id}/print`);
const failures = async () => (await f.api(f.restaurant.owner).call('GET', '/printing/failures')).json() as PrintFailure[];

/** Stores `networkPrinters` the way a restaurant's own PC (PRINTER_NETWORKS unset) takes them. */
async function storedOnOwnPc(networkPrinters: Partial<NetworkPrinters>) {
  await installation(undefined);
  const res = await savePrinters(networkPrinters);
  expect(res.statusCode, res.body).toBe(200);
}

describe('PRINTER_NETWORKS unset: a restaurant’s own PC prints to any address, as before', () => {
  it('saves and prints to a loopback printer and saves a name without resolving it', async () => {
    await installation(undefined);
    const bill = await printer();
    expect((await savePrinters({ bill: { host: bill.host, port: bill.port }, stations: [{ station: 'Mutfak', host: 'bilinmeyen-yazici', port: 9100 }] })).statusCode).toBe(200);
    const res = await printBill();
    expect(res.statusCode, res.body).toBe(200);
    expect(await bill.untilJobs(1)).toHaveLength(1);
  });
});

describe('PRINTER_NETWORKS=none: a server shared by restaurants prints to no network address', () => {
  it('refuses to save a bill or station printer with the message on its address field, and keeps the document', async () => {
    await storedOnOwnPc({ bill: null, stations: [] });
    await installation('none');
    const res = await savePrinters({
      bill: { host: '192.168.1.50', port: 9100 },
      stations: [
        { station: 'Mutfak', host: '192.168.1.51', port: 9100 },
        { station: 'Bar', host: 'bar-yazici', port: 9100 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PRINTING_MESSAGES.networkPrintingOff,
      fields: {
        'networkPrinters.bill.host': PRINTING_MESSAGES.networkPrintingOff,
        'networkPrinters.stations.0.host': PRINTING_MESSAGES.networkPrintingOff,
        'networkPrinters.stations.1.host': PRINTING_MESSAGES.networkPrintingOff,
      },
    });
    expect(await storedPrinters()).toEqual({ bill: null, stations: [] });
    // the rest of Yazıcı Ayarları still saves
    expect((await savePrinters({})).statusCode).toBe(200);
  });

  it('refuses a stored bill printer before connecting: the same answer whether something listens there or not', async () => {
    const listening = await printer();
    const closed = await closedPort();
    const answers = [];
    for (const port of [listening.port, closed]) {
      await storedOnOwnPc({ bill: { host: '127.0.0.1', port } });
      await installation('none');
      const res = await printBill();
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual([
      { status: 409, body: { error: PRINTING_MESSAGES.networkPrintingOff } },
      { status: 409, body: { error: PRINTING_MESSAGES.networkPrintingOff } },
    ]);
    expect(listening.connections).toBe(0);
  });

  it('records a stored station printer’s kitchen slip as refused, without connecting and without a retry', async () => {
    const mutfak = await printer();
    await storedOnOwnPc({ stations: [{ station: 'Mutfak', host: mutfak.host, port: mutfak.port }] });
    const app = await installation('none');
    const t = await f.sentTicket({ ezogelin: 1 });
    await app.printing.settled();
    const [failure] = await failures();
    expect(failure).toMatchObject({ ticketId: t.id, station: 'Mutfak', error: PRINTING_MESSAGES.networkPrintingOff, retry: 'failed' });
    expect(mutfak.connections).toBe(0);
  });
});

describe('PRINTER_NETWORKS as a list of networks: only addresses inside them', () => {
  const refused = PRINTING_MESSAGES.addressNotAllowed(['192.168.0.0/16', '10.0.0.0/8']);

  it('saves addresses inside the networks, and names whose every address is inside', async () => {
    await installation(LAN);
    const res = await savePrinters({
      bill: { host: '192.168.1.50', port: 9100 },
      stations: [
        { station: 'Mutfak', host: '10.1.2.3', port: 9100 },
        { station: 'Bar', host: 'ofis-yazici.local', port: 9100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedPrinters()).stations.map((s) => s.host)).toEqual(['10.1.2.3', 'ofis-yazici.local']);
  });

  it.each([
    ['an address outside', '8.8.8.8'],
    ['loopback, not listed', '127.0.0.1'],
    ['a name resolving outside (a cloud metadata address)', 'bulut-meta.local'],
    ['a name with one of its addresses outside', 'karisik.local'],
    ['a name that does not resolve', 'yok-boyle-yazici.local'],
  ])('refuses to save %s, naming the allowed networks on the field', async (_, host) => {
    await installation(LAN);
    const res = await savePrinters({ stations: [{ station: 'Mutfak', host: '10.1.2.3', port: 9100 }, { station: 'Bar', host, port: 9100 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: refused, fields: { 'networkPrinters.stations.1.host': refused } });
    expect(refused).toBe('Bu sunucuda bu adrese yazdırılamaz; izin verilen ağlar: 192.168.0.0/16, 10.0.0.0/8');
  });

  it('refuses to print to a stored loopback printer that listens, without connecting', async () => {
    const bill = await printer();
    await storedOnOwnPc({ bill: { host: bill.host, port: bill.port } });
    await installation(LAN);
    const res = await printBill();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: refused });
    expect(bill.connections).toBe(0);
  });

  it('prints on loopback once it is listed, to the very address a name was checked at', async () => {
    const bill = await printer();
    await installation(LAN_AND_LOOPBACK);
    // 'mutfak-yazici.local' exists only in the test's resolver: the bytes arrive only if the
    // connection goes to the address that was resolved and checked, not to the name
    expect((await savePrinters({ bill: { host: 'mutfak-yazici.local', port: bill.port } })).statusCode).toBe(200);
    const res = await printBill();
    expect(res.statusCode, res.body).toBe(200);
    expect(await bill.untilJobs(1)).toHaveLength(1);
  });

  it('answers an allowed printer that does not take the bytes with "Yazıcıya ulaşılamadı" and the address as typed, nothing more', async () => {
    const port = await closedPort();
    await installation(LAN_AND_LOOPBACK);
    expect((await savePrinters({ bill: { host: 'mutfak-yazici.local', port } })).statusCode).toBe(200);
    const res = await printBill();
    expect(res.statusCode).toBe(503);
    // not the address the name resolved to, nor why (refused, silent)
    expect(res.json()).toEqual({ error: `Yazıcıya ulaşılamadı: mutfak-yazici.local:${port}` });
  });
});
