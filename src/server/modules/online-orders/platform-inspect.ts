import type { z } from 'zod';
import { DELIVERY_PLATFORMS, type DeliveryPlatform } from '../../../shared/domain/channels';
import { ADAPTERS, isPlatform } from './platforms';
import { PlatformBodyError, type PlatformOrder } from './platforms/types';

/**
 * `npm run platform:inspect` (src/server/platform-inspect.ts): how Sofra reads one body exactly as a
 * platform sends it — the same adapter, schema and refusals as the intake routes, without a
 * database — so support staff and integrators can see what an order becomes before it arrives.
 */

export interface InspectedOrder {
  kind: 'order';
  externalId: string;
  isTest: boolean;
  type: PlatformOrder['type'];
  payment: PlatformOrder['payment'];
  customer: PlatformOrder['customer'];
  lines: PlatformOrder['lines'];
  /** Σ (unit price + options) × quantity, at the platform's prices */
  foodTotalKurus: number;
  /** what the customer is charged, delivery fee included, every discount taken off */
  customerPaysKurus: number;
  note: string | null;
  expectedAt: string | null;
}
export interface InspectedCancellation {
  kind: 'cancel';
  externalId: string;
  reason: string | null;
}

const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Whether the body is the platform's cancellation rather than an order (each says it its own way). */
function isCancellation(platform: DeliveryPlatform, body: Record<string, unknown>): boolean {
  if (platform === 'yemeksepeti') return typeof body.status === 'string' && !('products' in body);
  if (platform === 'getir') {
    const order = record(body.foodOrder) ?? body;
    return order.cancelReason != null || order.cancelDate != null;
  }
  return body.packageStatus === 'Cancelled' || body.packageStatus === 'UnSupplied';
}

function parse(schema: z.ZodType, body: unknown, what: string) {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PlatformBodyError(`Geçersiz ${what}: ${issue.message}${issue.path.length ? ` (${issue.path.join('.')})` : ''}`);
  }
  return parsed.data;
}

/** Reads `body` as `platform` sends it; a body it cannot take throws PlatformBodyError with the Turkish reason. */
export function inspectPlatformBody(platform: string, body: unknown, options: { externalId?: string } = {}): InspectedOrder | InspectedCancellation {
  if (!isPlatform(platform)) throw new PlatformBodyError(`Bilinmeyen platform: ${platform} (${DELIVERY_PLATFORMS.join(', ')} olmalı)`);
  const object = record(body);
  if (!object) throw new PlatformBodyError('Gövde bir JSON nesnesi olmalı');
  const adapter = ADAPTERS[platform];
  if (isCancellation(platform, object)) {
    const cancel = adapter.toCancellation(parse(adapter.cancellation, object, 'iptal') as never, options.externalId);
    return { kind: 'cancel', externalId: cancel.externalId, reason: cancel.reason };
  }
  const order = adapter.toOrder(parse(adapter.payload, object, 'sipariş') as never);
  if (options.externalId && options.externalId !== order.externalId) {
    throw new PlatformBodyError(`--external-id (${options.externalId}) gövdedeki sipariş numarasıyla (${order.externalId}) aynı değil`);
  }
  return {
    kind: 'order',
    externalId: order.externalId,
    isTest: order.isTest,
    type: order.type,
    payment: order.payment,
    customer: order.customer,
    lines: order.lines,
    foodTotalKurus: order.lines.reduce((sum, l) => sum + (l.unitPriceKurus + l.options.reduce((s, o) => s + o.priceKurus, 0)) * l.quantity, 0),
    customerPaysKurus: order.customerPaysKurus,
    note: order.note,
    expectedAt: order.expectedAt,
  };
}

export { PlatformBodyError };
