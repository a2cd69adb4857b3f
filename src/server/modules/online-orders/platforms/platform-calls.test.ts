import { ADAPTERS } from '.';
import { OUTGOING_KINDS, type PlatformConnection } from './types';
import { type DeliveryPlatform } from '../../../../shared/domain/channels';

/*
 * Every outgoing update of every adapter, as the platform's documents and integrators name it
 * (platforms/*.ts say which they follow). The calls the inbox makes (accept, reject, the steps after
 * Onayla) are also checked end to end against a fake server in platforms.test.ts and
 * platform-follow.test.ts.
 */
const connection = (platform: DeliveryPlatform): PlatformConnection => ({
  platform,
  webhookSecret: 's',
  clientId: 'id',
  clientSecret: 'secret',
  remoteCode: 'R-1',
  baseUrl: 'http://127.0.0.1:9',
  productMap: {},
});
const update = { externalId: 'EXT-1', token: 'TOK-1', prepMinutes: 20, reason: 'dish_unavailable' as const, minutes: 30 };

describe('outgoing calls', () => {
  it('Yemeksepeti answers on the order token with Delivery Hero’s statuses and reject codes, and sends nothing for "delivered"', () => {
    const call = (kind: (typeof OUTGOING_KINDS)[number], extra: Partial<typeof update> = {}) => ADAPTERS.yemeksepeti.request({ ...update, ...extra, kind }, connection('yemeksepeti'));
    expect(call('accept')).toMatchObject({ method: 'POST', path: '/v2/order/status/TOK-1', body: { status: 'order_accepted', remoteOrderId: 'EXT-1' } });
    expect(call('reject')).toMatchObject({ method: 'POST', path: '/v2/order/status/TOK-1', body: { status: 'order_rejected', reason: 'ITEM_UNAVAILABLE' } });
    // Delivery Hero has no OTHER: each of Sofra's reasons is one of its codes
    const codes = (['dish_unavailable', 'too_busy', 'closed', 'out_of_area', 'other'] as const).map((reason) => (call('reject', { reason } as never)!.body as { reason: string }).reason);
    expect(codes).toEqual(['ITEM_UNAVAILABLE', 'TOO_BUSY', 'CLOSED', 'OUTSIDE_DELIVERY_AREA', 'TECHNICAL_PROBLEM']);
    expect(call('ready')).toMatchObject({ method: 'POST', path: '/v2/orders/TOK-1/preparation-completed' });
    expect(call('picked_up')).toMatchObject({ path: '/v2/order/status/TOK-1', body: { status: 'order_picked_up' } });
    expect(call('delivered')).toBeNull();
    expect(call('pause')).toMatchObject({ method: 'PUT', path: '/v2/remoteVendors/R-1/availability', body: { availabilityState: 'CLOSED_UNTIL', closingMinutes: 30 } });
  });

  it('Getir moves the order verify (verify-scheduled for a scheduled one) → prepare → handover → deliver, cancels with a reason id, and closes for 15, 30 or 45 minutes', () => {
    const paths = OUTGOING_KINDS.map((kind) => ADAPTERS.getir.request({ ...update, kind }, connection('getir'))!.path);
    expect(paths).toEqual(['/food-orders/EXT-1/verify', '/food-orders/EXT-1/cancel', '/food-orders/EXT-1/prepare', '/food-orders/EXT-1/handover', '/food-orders/EXT-1/deliver', '/restaurants/status/close']);
    expect(ADAPTERS.getir.request({ ...update, kind: 'accept', scheduled: true }, connection('getir'))).toMatchObject({ method: 'POST', path: '/food-orders/EXT-1/verify-scheduled' });
    expect(ADAPTERS.getir.request({ ...update, kind: 'reject' }, connection('getir'))!.body).toMatchObject({ cancelReasonId: expect.any(String) });
    const closes = [10, 15, 30, 45, 60].map((minutes) => (ADAPTERS.getir.request({ kind: 'pause', minutes }, connection('getir'))!.body as { timeOffAmount: number }).timeOffAmount);
    expect(closes).toEqual([15, 15, 30, 45, 45]);
  });

  it('Trendyol answers per package under the supplier, with the headers it requires', () => {
    const calls = OUTGOING_KINDS.map((kind) => ADAPTERS.trendyol.request({ ...update, kind, itemIds: ['1000008723596', '1000008723598'] }, connection('trendyol'))!);
    expect(calls.map((c) => c.path)).toEqual([
      '/integrator/order/meal/suppliers/R-1/packages/picked',
      '/integrator/order/meal/suppliers/R-1/packages/EXT-1/unsupplied',
      '/integrator/order/meal/suppliers/R-1/packages/invoiced',
      '/integrator/order/meal/suppliers/R-1/packages/EXT-1/manual-shipped',
      '/integrator/order/meal/suppliers/R-1/packages/EXT-1/manual-delivered',
      '/integrator/order/meal/suppliers/R-1/restaurants/working-status',
    ]);
    expect(calls.every((c) => c.method === 'PUT')).toBe(true);
    expect(calls.every((c) => c.headers?.['user-agent'] === 'R-1 - SelfIntegration' && c.headers['x-agentname'] === 'SelfIntegration' && c.headers['x-executor-user'])).toBe(true);
    expect(calls[0].body).toEqual({ packageId: 'EXT-1', preparationTime: 20 });
    expect(calls[1].body).toMatchObject({ itemIdList: ['1000008723596', '1000008723598'], reasonId: expect.any(Number) });
    expect(calls[2].body).toEqual({ packageId: 'EXT-1' });
  });

  it('Trendyol’s calls carry HTTP Basic apiKey:apiSecret', async () => {
    expect(await ADAPTERS.trendyol.authHeaders(connection('trendyol'), fetch)).toEqual({ authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` });
  });
});
