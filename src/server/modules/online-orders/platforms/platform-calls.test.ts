import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADAPTERS } from '.';
import { NoCallNeeded, OUTGOING_KINDS, type OutgoingUpdate, type PlatformConnection, type PlatformRead } from './types';
import { YS_AVAILABILITY_MESSAGES, closingMinutesOf } from './yemeksepeti-availability';
import { GETIR_CANCEL_MESSAGES } from './getir';
import { TRENDYOL_MESSAGES } from './trendyol';
import { testConnection } from './connection-test-kit';
import { type DeliveryPlatform } from '../../../../shared/domain/channels';

/*
 * Every outgoing update of every adapter, as the platform's documents and integrators name it
 * (platforms/*.ts say which they follow; tests/fixtures/platforms/SOURCES.md names the sources).
 * The reads an update needs first (Delivery Hero's availability, Getir's cancel options) are
 * answered here by the documented bodies. The calls the inbox makes are also checked end to end
 * against a fake server in platforms.test.ts and platform-follow.test.ts.
 */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../tests/fixtures/platforms');
const fixture = (platform: string, name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, platform, `${name}.json`), 'utf8'));

const connection = testConnection;
const update = { externalId: 'EXT-1', token: 'TOK-1', prepMinutes: 20, reason: 'dish_unavailable' as const, minutes: 30 };

/** A reader that answers from a table of paths and remembers what was asked. */
function reader(answers: Record<string, unknown> = {}) {
  const asked: PlatformRead[] = [];
  const read = async (r: PlatformRead) => {
    asked.push(r);
    if (!(r.path in answers)) throw new Error(`unexpected read ${r.path}`);
    return answers[r.path];
  };
  return { asked, read };
}

const calls = (platform: DeliveryPlatform, u: OutgoingUpdate, over: Partial<PlatformConnection> = {}, answers: Record<string, unknown> = {}) =>
  ADAPTERS[platform].request(u, connection(platform, over), reader(answers).read);

describe('Yemeksepeti’s outgoing calls', () => {
  const call = async (kind: OutgoingUpdate['kind'], extra: Partial<OutgoingUpdate> = {}) => (await calls('yemeksepeti', { ...update, ...extra, kind }))[0];

  it('answer on the order token with Delivery Hero’s statuses and reject codes, and send nothing for "delivered"', async () => {
    expect(await call('accept')).toMatchObject({ method: 'POST', path: '/v2/order/status/TOK-1', body: { status: 'order_accepted', remoteOrderId: 'EXT-1' } });
    expect(await call('reject')).toMatchObject({ method: 'POST', path: '/v2/order/status/TOK-1', body: { status: 'order_rejected', reason: 'ITEM_UNAVAILABLE' } });
    // Delivery Hero has no OTHER: each of Sofra's reasons is one of its codes
    const codes = [];
    for (const reason of ['dish_unavailable', 'too_busy', 'closed', 'out_of_area', 'other'] as const) codes.push(((await call('reject', { reason }))!.body as { reason: string }).reason);
    expect(codes).toEqual(['ITEM_UNAVAILABLE', 'TOO_BUSY', 'CLOSED', 'OUTSIDE_DELIVERY_AREA', 'TECHNICAL_PROBLEM']);
    expect(await call('ready')).toMatchObject({ method: 'POST', path: '/v2/orders/TOK-1/preparation-completed' });
    expect(await call('picked_up')).toMatchObject({ path: '/v2/order/status/TOK-1', body: { status: 'order_picked_up' } });
    expect(await calls('yemeksepeti', { ...update, kind: 'delivered' })).toEqual([]);
    // CLOSED_UNTIL ends by itself
    expect(await calls('yemeksepeti', { kind: 'resume' })).toEqual([]);
  });
});

describe('Yoğunuz on Yemeksepeti (Delivery Hero’s vendor availability)', () => {
  const PATH = '/v2/chains/chain-1/remoteVendors/R-1/availability';

  it('reads the availability first, then closes each open, changeable platform with its platformKey and platformRestaurantId (Delivery Hero’s documented sample)', async () => {
    const { asked, read } = reader({ [PATH]: fixture('yemeksepeti', 'availability-status') });
    const sent = await ADAPTERS.yemeksepeti.request({ kind: 'pause', minutes: 30 }, connection('yemeksepeti'), read);
    expect(asked).toEqual([{ path: PATH }]);
    // TALABAT (UNKNOWN, not changeable) is left alone; FOODORA lists only OTHER among its reasons
    expect(sent).toEqual([
      { method: 'PUT', path: PATH, body: { availabilityState: 'CLOSED_UNTIL', platformKey: 'FO_DE', platformRestaurantId: 'kg6y', closedReason: 'OTHER', closingMinutes: 30 } },
    ]);
    // 45 minutes is not among its closing minutes (120, 60, 30): the next longer one
    const longer = await ADAPTERS.yemeksepeti.request({ kind: 'pause', minutes: 45 }, connection('yemeksepeti'), read);
    expect((longer[0].body as { closingMinutes: number }).closingMinutes).toBe(60);
  });

  it('closes every open platform of a vendor on several, with a busy kitchen as the reason where the platform lists no reasons', async () => {
    const sent = await calls('yemeksepeti', { kind: 'pause', minutes: 45 }, {}, { [PATH]: fixture('yemeksepeti', 'availability-status-three-platforms') });
    expect(sent.map((c) => c.body)).toEqual([
      { availabilityState: 'CLOSED_UNTIL', platformKey: 'FO_DE', platformRestaurantId: 'kg6y', closedReason: 'TOO_BUSY_KITCHEN', closingMinutes: 45 },
      { availabilityState: 'CLOSED_UNTIL', platformKey: 'LH_DE', platformRestaurantId: '40788', closedReason: 'TOO_BUSY_KITCHEN', closingMinutes: 45 },
    ]);
  });

  it('leaves alone a platform Delivery Hero closed itself, closing only the open one beside it', async () => {
    const answer = [
      { availabilityState: 'CLOSED_TODAY', changeable: true, platformKey: 'TB', platformRestaurantId: '1' },
      { availabilityState: 'OPEN', changeable: true, platformKey: 'FO_DE', platformRestaurantId: 'kg6y' },
    ];
    const sent = await calls('yemeksepeti', { kind: 'pause', minutes: 30 }, {}, { [PATH]: answer });
    expect(sent.map((c) => (c.body as { platformKey: string }).platformKey)).toEqual(['FO_DE']);
  });

  it('takes Delivery Hero’s numeric platformRestaurantId as text', async () => {
    const answer = [{ availabilityState: 'OPEN', changeable: true, platformKey: 'TB', platformRestaurantId: 123456789 }];
    const [put] = await calls('yemeksepeti', { kind: 'pause', minutes: 15 }, {}, { [PATH]: answer });
    expect(put.body).toMatchObject({ platformKey: 'TB', platformRestaurantId: '123456789' });
  });

  it('fails (to be retried) on a 204 "not ready yet", a vendor the POS may not change, or a connection without its chain code; sends nothing where nothing is open', async () => {
    await expect(calls('yemeksepeti', { kind: 'pause', minutes: 30 }, {}, { [PATH]: null })).rejects.toThrow(YS_AVAILABILITY_MESSAGES.notReady);
    const locked = [{ availabilityState: 'OPEN', changeable: false, platformKey: 'TB', platformRestaurantId: '1' }];
    await expect(calls('yemeksepeti', { kind: 'pause', minutes: 30 }, {}, { [PATH]: locked })).rejects.toThrow(YS_AVAILABILITY_MESSAGES.notChangeable);
    await expect(calls('yemeksepeti', { kind: 'pause', minutes: 30 }, { chainCode: '' })).rejects.toThrow(YS_AVAILABILITY_MESSAGES.noChainCode);
    await expect(calls('yemeksepeti', { kind: 'pause', minutes: 30 }, {}, { [PATH]: { not: 'a list' } })).rejects.toThrow(YS_AVAILABILITY_MESSAGES.unreadable);
    const closed = [{ availabilityState: 'CLOSED_TODAY', changeable: true, platformKey: 'TB', platformRestaurantId: '1' }];
    await expect(calls('yemeksepeti', { kind: 'pause', minutes: 30 }, {}, { [PATH]: closed })).rejects.toBeInstanceOf(NoCallNeeded);
  });

  it('chooses the closing minutes the platform offers: the shortest not shorter than asked, else its longest, any when it lists none', () => {
    expect(closingMinutesOf([240, 720, 120, 60, 30], 45)).toBe(60);
    expect(closingMinutesOf([240, 720, 120, 60, 30], 30)).toBe(30);
    expect(closingMinutesOf([60, 30], 240)).toBe(60);
    expect(closingMinutesOf([], 45)).toBe(45);
  });
});

describe('Getir’s outgoing calls', () => {
  const CANCEL_OPTIONS = '/food-orders/EXT-1/cancel-options';
  // the shape of Getir's Swagger (Model20: [{id, message}]); Getir publishes no list of its reasons,
  // so these words are the test's own
  const options = [
    { id: '60a1', message: 'Ürün stokta yok' },
    { id: '60a2', message: 'Restoran çok yoğun' },
    { id: '60a3', message: 'Restoran kapalı' },
    { id: '60a4', message: 'Adres hizmet bölgesi dışında' },
    { id: '60a5', message: 'Diğer' },
  ];

  it('move the order verify (verify-scheduled for a scheduled one) → prepare → handover → deliver, and close for 15, 30 or 45 minutes', async () => {
    const paths = [];
    for (const kind of ['accept', 'ready', 'picked_up', 'delivered', 'pause'] as const) paths.push((await calls('getir', { ...update, kind }))[0].path);
    expect(paths).toEqual(['/food-orders/EXT-1/verify', '/food-orders/EXT-1/prepare', '/food-orders/EXT-1/handover', '/food-orders/EXT-1/deliver', '/restaurants/status/close']);
    expect((await calls('getir', { ...update, kind: 'accept', scheduled: true }))[0]).toMatchObject({ method: 'POST', path: '/food-orders/EXT-1/verify-scheduled' });
    const closes = [];
    for (const minutes of [10, 15, 30, 45, 60]) closes.push(((await calls('getir', { kind: 'pause', minutes }))[0].body as { timeOffAmount: number }).timeOffAmount);
    expect(closes).toEqual([15, 15, 30, 45, 45]);
    expect(await calls('getir', { kind: 'resume' })).toEqual([]);
  });

  it('cancel with the reason id of the order’s own cancel options, chosen by what each option says, read once and kept for ten minutes', async () => {
    const { asked, read } = reader({ [CANCEL_OPTIONS]: options });
    const ids = [];
    for (const reason of ['dish_unavailable', 'too_busy', 'closed', 'out_of_area', 'other'] as const) {
      const [cancel] = await ADAPTERS.getir.request({ ...update, kind: 'reject', reason }, connection('getir'), read);
      expect(cancel).toMatchObject({ method: 'POST', path: '/food-orders/EXT-1/cancel' });
      ids.push((cancel.body as { cancelReasonId: string }).cancelReasonId);
    }
    expect(ids).toEqual(['60a1', '60a2', '60a3', '60a4', '60a5']);
    expect(asked[0]).toEqual({ path: CANCEL_OPTIONS, cacheMs: 10 * 60_000 });
  });

  it('write the owner’s note, or the reason in Turkish, as the cancel note; read bilingual messages too; fall back to "Diğer", then to the first option', async () => {
    const [withNote] = await calls('getir', { ...update, kind: 'reject', reason: 'other', note: 'Ocak arızalı' }, {}, { [CANCEL_OPTIONS]: options });
    expect(withNote.body).toEqual({ cancelReasonId: '60a5', cancelNote: 'Ocak arızalı' });
    const [plain] = await calls('getir', { ...update, kind: 'reject', reason: 'too_busy' }, {}, { [CANCEL_OPTIONS]: options });
    expect((plain.body as { cancelNote: string }).cancelNote).toBe('Çok yoğunuz');
    const bilingual = [{ id: 'b1', messages: { tr: 'Ödeme sorunu', en: 'Payment problem' } }, { id: 'b2', messages: { tr: 'Ürün tükendi', en: 'Product sold out' } }];
    expect(((await calls('getir', { ...update, kind: 'reject', reason: 'dish_unavailable' }, {}, { [CANCEL_OPTIONS]: bilingual }))[0].body as { cancelReasonId: string }).cancelReasonId).toBe('b2');
    expect(((await calls('getir', { ...update, kind: 'reject', reason: 'closed' }, {}, { [CANCEL_OPTIONS]: bilingual }))[0].body as { cancelReasonId: string }).cancelReasonId).toBe('b1');
    await expect(calls('getir', { ...update, kind: 'reject' }, {}, { [CANCEL_OPTIONS]: [] })).rejects.toThrow(GETIR_CANCEL_MESSAGES.none);
    await expect(calls('getir', { ...update, kind: 'reject' }, {}, { [CANCEL_OPTIONS]: { error: 'x' } })).rejects.toThrow(GETIR_CANCEL_MESSAGES.unreadable);
  });
});

describe('Trendyol’s outgoing calls', () => {
  const withItems = { ...update, itemIds: ['1000008723596', '1000008723598'] };

  it('name the package in the body for picked, invoiced and unsupplied and in the path for the courier steps, with the headers it requires', async () => {
    const sent = [];
    for (const kind of ['accept', 'reject', 'ready', 'picked_up', 'delivered'] as const) sent.push((await calls('trendyol', { ...withItems, kind }))[0]);
    expect(sent.map((c) => c.path)).toEqual([
      '/integrator/order/meal/suppliers/R-1/packages/picked',
      '/integrator/order/meal/suppliers/R-1/packages/unsupplied',
      '/integrator/order/meal/suppliers/R-1/packages/invoiced',
      '/integrator/order/meal/suppliers/R-1/packages/EXT-1/manual-shipped',
      '/integrator/order/meal/suppliers/R-1/packages/EXT-1/manual-delivered',
    ]);
    expect(sent.every((c) => c.method === 'PUT')).toBe(true);
    for (const c of sent) expect(c.headers).toEqual({ 'user-agent': 'R-1 - SelfIntegration', 'x-agentname': 'SelfIntegration', 'x-executor-user': 'mutfak@lokanta.example' });
    expect(sent[0].body).toEqual({ packageId: 'EXT-1', preparationTime: 20 });
    expect(sent[1].body).toEqual({ packageId: 'EXT-1', itemIdList: ['1000008723596', '1000008723598'], reasonId: 621 });
    expect(sent[2].body).toEqual({ packageId: 'EXT-1' });
  });

  it('refuse a package with Trendyol’s own reason ids 621–627: the Model 1 ones only for a restaurant delivering with its own couriers', async () => {
    const reasonOf = async (reason: (typeof update)['reason'] | 'too_busy' | 'closed' | 'out_of_area' | 'other', platformCourier: boolean) =>
      ((await calls('trendyol', { ...withItems, kind: 'reject', reason, platformCourier }))[0].body as { reasonId: number }).reasonId;
    const own = [];
    const go = [];
    for (const reason of ['dish_unavailable', 'closed', 'too_busy', 'out_of_area', 'other'] as const) {
      own.push(await reasonOf(reason, false));
      go.push(await reasonOf(reason, true));
    }
    expect(own).toEqual([621, 622, 624, 626, 623]);
    expect(go).toEqual([621, 622, 623, 623, 623]);
    // a package whose units Sofra does not know cannot be refused on Trendyol
    await expect(calls('trendyol', { ...update, kind: 'reject' })).rejects.toThrow(TRENDYOL_MESSAGES.noItems);
  });

  it('close the store for Yoğunuz and open it again on resume, under the store API; a connection without a store id cannot', async () => {
    const [close] = await calls('trendyol', { kind: 'pause', minutes: 30 });
    const [open] = await calls('trendyol', { kind: 'resume' });
    expect(close).toMatchObject({ method: 'PUT', path: '/integrator/store/meal/suppliers/R-1/stores/S-9/status', body: { status: 'CLOSED' } });
    expect(open).toMatchObject({ method: 'PUT', path: '/integrator/store/meal/suppliers/R-1/stores/S-9/status', body: { status: 'OPEN' } });
    await expect(calls('trendyol', { kind: 'pause', minutes: 30 }, { storeId: '' })).rejects.toThrow(TRENDYOL_MESSAGES.noStore);
  });

  it('carry HTTP Basic apiKey:apiSecret, and name Sofra as the acting user when the connection names no e-mail', async () => {
    expect(await ADAPTERS.trendyol.authHeaders(connection('trendyol'), fetch)).toEqual({ authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` });
    const [accept] = await calls('trendyol', { ...update, kind: 'accept' }, { executorUser: '' });
    expect(accept.headers?.['x-executor-user']).toBe('Sofra');
  });
});

it('every adapter answers every outgoing kind', async () => {
  for (const platform of ['yemeksepeti', 'getir', 'trendyol'] as const) {
    for (const kind of OUTGOING_KINDS) {
      const answers = { '/v2/chains/chain-1/remoteVendors/R-1/availability': fixture('yemeksepeti', 'availability-status'), '/food-orders/EXT-1/cancel-options': [{ id: 'x', message: 'Diğer' }] };
      expect(Array.isArray(await calls(platform, { ...update, itemIds: ['1'], kind }, {}, answers)), `${platform} ${kind}`).toBe(true);
    }
  }
});
