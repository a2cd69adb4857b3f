import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sofraOrderRequest } from '../../../shared/online-orders-contract';
import { DEMO_MENU, DEMO_OPTION_GROUPS, type DemoOptionKey } from '../../demo/demo-menu';
import { simulatedCall } from './platform-simulator-payloads';
import { buildSample, type PoolDish, type Rand } from './platform-simulator-sample';
import { ADAPTERS } from './platforms';
import type { PlatformConnection } from './platforms/types';
import { verifyHs512 } from './platforms/yemeksepeti';
import { platformProductCode, simulatedBaseUrl } from './simulated-platform';
import { signatureProblem } from './sofra-signature';

/*
 * Every sample the simulator can make is a valid order in each sender's documented format: many
 * seeded random samples over the demo menu go through each adapter's own schema and mapping (and
 * the Sofra channel's contract), with the amounts, codes and proof the intake will check.
 */

/** A small seeded generator (mulberry32): a failing sample can be made again from its seed. */
const seeded = (seed: number): Rand => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const groups = Object.fromEntries(
  (Object.entries(DEMO_OPTION_GROUPS) as [DemoOptionKey, (typeof DEMO_OPTION_GROUPS)[DemoOptionKey]][]).map(([key, g]) => [
    key,
    {
      name: g.name,
      isRequired: g.isRequired,
      isMultiple: g.isMultiple,
      minChoices: g.isRequired ? 1 : 0,
      maxChoices: g.isMultiple ? g.options.length : 1,
      options: g.options.map(([name, priceKurus]) => ({ id: randomUUID(), name, priceKurus })),
    },
  ]),
) as Record<DemoOptionKey, PoolDish['groups'][number]>;
const dishes = DEMO_MENU.flatMap((c) => c.items).map((item) => ({ id: randomUUID(), item }));

const poolFor = (platform: 'yemeksepeti' | 'getir' | 'trendyol' | 'sofra'): PoolDish[] =>
  dishes.map(({ id, item }, i) => ({
    code: platform === 'sofra' ? id : platformProductCode(platform, item.name, i),
    itemId: id,
    name: item.name,
    priceKurus: item.price,
    groups: (item.options ?? []).map((k) => groups[k as DemoOptionKey]),
  }));

const connection = (platform: PlatformConnection['platform'], productMap: Record<string, string>): PlatformConnection => ({
  platform,
  webhookSecret: 'simulated-webhook-secret-0123456789',
  clientId: 'demo',
  clientSecret: '',
  chainCode: '',
  storeId: '',
  executorUser: '',
  remoteCode: '100200',
  baseUrl: simulatedBaseUrl(platform),
  productMap,
});

const SAMPLES = 150;

describe('the simulator’s samples', () => {
  it.each(['yemeksepeti', 'getir', 'trendyol'] as const)('are %s orders its adapter accepts, with the proof, codes and amounts of the sample', (platform) => {
    const pool = poolFor(platform);
    const conn = connection(platform, Object.fromEntries(pool.map((d) => [d.code, d.itemId])));
    const adapter = ADAPTERS[platform];
    const methods = new Set<string>();
    for (let seed = 1; seed <= SAMPLES; seed++) {
      const rand = seeded(seed);
      const sample = buildSample(pool, rand);
      const call = simulatedCall(platform, sample, { connection: conn }, rand);
      const headers = Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k.toLowerCase(), v]));
      expect(adapter.authenticateWebhook(headers, conn), `seed ${seed}`).toBe(true);
      const parsed = adapter.payload.safeParse(JSON.parse(call.body));
      expect(parsed.success, `seed ${seed}: ${parsed.error?.issues[0]?.message} ${parsed.error?.issues[0]?.path.join('.')}`).toBe(true);
      const order = adapter.toOrder(parsed.data as never);
      expect(order.externalId).toBe(call.externalId);
      expect(order.isTest).toBe(false);
      expect(order.type).toBe('delivery');
      expect(order.payment.method).toBe(sample.payment.method);
      methods.add(order.payment.method);
      expect(order.platformDiscountKurus).toBe(sample.discountKurus);
      expect(order.lines.map((l) => l.code)).toEqual(sample.lines.map((l) => l.dish.code));
      expect(order.lines.every((l) => conn.productMap[l.code])).toBe(true);
      const subtotal = order.lines.reduce((s, l) => s + (l.unitPriceKurus + l.options.reduce((a, o) => a + o.priceKurus, 0)) * l.quantity, 0);
      expect(subtotal).toBe(sample.subtotalKurus);
      expect(order.customer.lat).toBe(sample.address.lat);
    }
    // the mix shows every way of paying
    expect([...methods].sort()).toEqual(['card', 'cash', 'meal_card', 'online']);
  });

  it('are Sofra channel orders its contract accepts, signed with the secret, with every required option chosen', () => {
    const pool = poolFor('sofra');
    const byId = new Map(pool.map((d) => [d.itemId, d]));
    const secret = 'sofra_sk_test-secret';
    for (let seed = 1; seed <= SAMPLES; seed++) {
      const rand = seeded(seed);
      const call = simulatedCall('sofra', buildSample(pool, rand), { secret }, rand);
      expect(signatureProblem(secret, call.headers['x-sofra-timestamp'], call.headers['x-sofra-signature'], call.body), `seed ${seed}`).toBeNull();
      const parsed = sofraOrderRequest.safeParse(JSON.parse(call.body));
      expect(parsed.success, `seed ${seed}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      for (const item of parsed.data!.items) {
        const dish = byId.get(item.menuItemId)!;
        for (const g of dish.groups.filter((x) => x.isRequired)) {
          expect(g.options.filter((o) => item.optionIds?.includes(o.id)).length, `${dish.name} ${g.name}`).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it('sign Yemeksepeti’s webhook as its middleware does (HS512, service "middleware", short-lived)', () => {
    const pool = poolFor('yemeksepeti');
    const conn = connection('yemeksepeti', {});
    const call = simulatedCall('yemeksepeti', buildSample(pool, seeded(7)), { connection: conn }, seeded(7));
    const claims = verifyHs512(call.headers.authorization.slice('Bearer '.length), conn.webhookSecret);
    expect(claims).toMatchObject({ service: 'middleware' });
    expect((claims!.exp as number) - (claims!.iat as number)).toBeLessThanOrEqual(300);
    expect(verifyHs512(call.headers.authorization.slice('Bearer '.length), 'another-secret')).toBeNull();
  });
});
