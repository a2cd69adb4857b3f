/**
 * Where an order comes from. A table's adisyon has its ticket type (ticket-contract.ts); an order
 * that does not start at a table comes from the restaurant's own channel ('sofra'), the phone, or
 * a delivery platform Sofra has an adapter for (src/server/modules/online-orders/platforms/).
 */
export const DELIVERY_PLATFORMS = ['yemeksepeti', 'getir', 'trendyol'] as const;
export type DeliveryPlatform = (typeof DELIVERY_PLATFORMS)[number];

/** Where an order came from. 'sofra' = the restaurant's own channel; 'phone' = typed in by staff. */
export const ONLINE_ORDER_SOURCES = ['sofra', 'phone', ...DELIVERY_PLATFORMS] as const;
export type OnlineOrderSource = (typeof ONLINE_ORDER_SOURCES)[number];
export const ONLINE_ORDER_SOURCE_LABELS: Record<OnlineOrderSource, string> = {
  sofra: 'Kendi Kanalımız',
  phone: 'Telefon',
  yemeksepeti: 'Yemeksepeti',
  getir: 'Getir Yemek',
  trendyol: 'Trendyol Yemek',
};
/** Each source's colour beside its name (never the only signal); dark enough for white text (WCAG AA). */
export const ONLINE_ORDER_SOURCE_COLORS: Record<OnlineOrderSource, string> = {
  sofra: '#1f5f8b',
  phone: '#4a5560',
  yemeksepeti: '#b8004f',
  getir: '#5d3ebc',
  trendyol: '#b84a00',
};

/**
 * Sales channels of Satış Raporları: every online source, and 'qr' for a table's bill that took a
 * guest's order from the table's QR code (QR Sipariş); the rest was taken on the floor.
 */
export const QR_CHANNEL = 'qr';
export const SALES_CHANNEL_LABELS: Record<OnlineOrderSource | typeof QR_CHANNEL, string> = { ...ONLINE_ORDER_SOURCE_LABELS, [QR_CHANNEL]: 'QR Sipariş' };
