import { ADAPTERS } from '.';
import { OUTGOING_KINDS, type PlatformConnection } from './types';
import { type DeliveryPlatform } from '../../../../shared/domain/channels';

/*
 * Every outgoing update of every adapter, as the platform's documentation names it (reconstructed
 * from the platforms' public documentation, docs/integrations.md). The calls that the inbox makes
 * today (accept, reject) are also checked end to end against a fake server in platforms.test.ts.
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
  it('Yemeksepeti answers on the order token', () => {
    const call = (kind: (typeof OUTGOING_KINDS)[number]) => ADAPTERS.yemeksepeti.request({ ...update, kind }, connection('yemeksepeti'));
    expect(call('reject')).toMatchObject({ method: 'POST', path: '/v2/order/status/TOK-1', body: { status: 'order_rejected', reason: 'ITEM_UNAVAILABLE' } });
    expect(call('ready')).toMatchObject({ method: 'POST', path: '/v2/orders/TOK-1/preparation-completed' });
    expect(call('picked_up')).toMatchObject({ path: '/v2/order/status/TOK-1', body: { status: 'order_picked_up' } });
    expect(call('pause')).toMatchObject({ method: 'PUT', path: '/v2/remoteVendors/R-1/availability', body: { availabilityState: 'CLOSED_UNTIL', closingMinutes: 30 } });
  });

  it('Getir moves the order verify → prepare → handover → deliver, and cancels with a reason id', () => {
    const paths = OUTGOING_KINDS.map((kind) => ADAPTERS.getir.request({ ...update, kind }, connection('getir')).path);
    expect(paths).toEqual(['/food-orders/EXT-1/verify', '/food-orders/EXT-1/cancel', '/food-orders/EXT-1/prepare', '/food-orders/EXT-1/handover', '/food-orders/EXT-1/deliver', '/restaurants/status/pause']);
    expect(ADAPTERS.getir.request({ ...update, kind: 'reject' }, connection('getir')).body).toMatchObject({ cancelReasonId: expect.any(String) });
  });

  it('Trendyol answers per package under the supplier', () => {
    const calls = OUTGOING_KINDS.map((kind) => ADAPTERS.trendyol.request({ ...update, kind }, connection('trendyol')));
    expect(calls.map((c) => c.path)).toEqual([
      '/mealgw/suppliers/R-1/packages/picked',
      '/mealgw/suppliers/R-1/packages/unsupplied',
      '/mealgw/suppliers/R-1/packages/invoiced',
      '/mealgw/suppliers/R-1/packages/manual-shipped',
      '/mealgw/suppliers/R-1/packages/manual-delivered',
      '/mealgw/suppliers/R-1/restaurants/working-status',
    ]);
    expect(calls[0].body).toEqual({ packageId: 'EXT-1', preparationTime: 20 });
    expect(calls[1].body).toMatchObject({ packageId: 'EXT-1', reasonId: 1 });
  });

  it('Trendyol’s calls carry HTTP Basic apiKey:apiSecret', async () => {
    expect(await ADAPTERS.trendyol.authHeaders(connection('trendyol'), fetch)).toEqual({ authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` });
  });
});
