import type {
  AcceptOnlineOrderRequest,
  AcceptOnlineOrderResult,
  MapPlatformProductRequest,
  MapPlatformProductResult,
  OnlineOrderInfo,
  PausePlatformRequest,
  PhoneOrderRequest,
  PlatformConnectionInfo,
  PlatformConnectionInput,
  RejectOnlineOrderRequest,
} from '../../../../shared/online-orders-contract';
import type { DeliveryPlatform } from '../../../../shared/domain/channels';
import { api } from '../../../api/http';
import { restaurantPath } from '../../../api/restaurant';

export const takePhoneOrder = (body: PhoneOrderRequest) => api<AcceptOnlineOrderResult>(restaurantPath('/online-orders/phone'), { method: 'POST', body });
export const acceptOnlineOrder = (orderId: string, body: AcceptOnlineOrderRequest) =>
  api<AcceptOnlineOrderResult>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/accept`), { method: 'POST', body });
export const rejectOnlineOrder = (orderId: string, body: RejectOnlineOrderRequest) =>
  api<OnlineOrderInfo>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/reject`), { method: 'POST', body });
export const handOverOnlineOrder = (orderId: string) => api<OnlineOrderInfo>(restaurantPath(`/online-orders/${encodeURIComponent(orderId)}/handover`), { method: 'POST' });
export const rotateSofraSecret = () => api<{ secret: string }>(restaurantPath('/integrations/sofra/secret'), { method: 'POST' });

export const savePlatformConnection = (platform: DeliveryPlatform, body: PlatformConnectionInput) =>
  api<PlatformConnectionInfo>(restaurantPath(`/integrations/platforms/${platform}`), { method: 'PUT', body });
/** Eşleştir: the platform's product code → a Sofra dish; the waiting orders with that code get it. */
export const mapPlatformProduct = (platform: DeliveryPlatform, code: string, body: MapPlatformProductRequest) =>
  api<MapPlatformProductResult>(restaurantPath(`/integrations/platforms/${platform}/products/${encodeURIComponent(code)}`), { method: 'PUT', body });
/** Yoğunuz: the platform stops sending orders for `minutes` (sent through the outbox). */
export const pausePlatform = (platform: DeliveryPlatform, body: PausePlatformRequest) =>
  api<void>(restaurantPath(`/integrations/platforms/${platform}/pause`), { method: 'POST', body });
