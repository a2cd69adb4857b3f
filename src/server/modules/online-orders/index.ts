/** The online-orders module's front door: what other modules and the app may use of it; they import nothing else. */
export { onlineOrdersRoutes } from './online-orders.routes';
export { followPlatformOrders } from './platform-follow';
export { platformIntakeRoutes } from './platform-intake.routes';
export { inspectPlatformBody, PlatformBodyError } from './platform-inspect';
export { PlatformOutbox } from './platform-outbox';
export type { OutboxOptions } from './platform-outbox';
export { TRENDYOL_POLL_MS, TrendyolPoller } from './trendyol-poller';
export { platformProductCode, simulatedBaseUrl } from './simulated-platform';
export { sofraChannelRoutes } from './sofra-channel.routes';
export { checkOnlineOrders } from './online-orders-check';
export { doorInfoOfTickets } from './online-orders-read.service';
export type { DoorInfo } from './online-orders-read.service';
export { sealPlainSecrets } from './seal-secrets';
