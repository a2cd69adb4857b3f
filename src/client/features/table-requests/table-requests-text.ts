import { formatLira } from '../../../shared/money';
import type { TableRequestInfo } from '../../../shared/table-requests-contract';

/** The floor's words for the guests' requests (QR Sipariş), written once. */
export const trt = {
  title: 'Masadan istek',
  newOrder: (table: string, count: number) => `${table}: yeni sipariş isteği (${count} ürün)`,
  waiterCall: (table: string) => `${table}: garson çağırıyor`,
  billCall: (table: string) => `${table}: hesap istiyor`,
  more: (n: number) => `+${n} istek daha`,
  accept: 'Onayla',
  reject: 'Reddet',
  seen: 'Gördüm',
  close: 'Kapat',
  reason: 'Neden',
  reasonHint: 'Müşteri bu nedeni telefonunda görür (ör. Adana Kebap kalmadı).',
  sendReject: 'Reddet ve Bildir',
  back: 'Geri',
  total: (kurus: number) => `Toplam: ${formatLira(kurus)}`,
  note: (text: string) => `Not: ${text}`,
  answered: 'Bu istek yanıtlandı ya da süresi doldu.',
  answeredBy: (name: string) => `Yanıtlayan: ${name}`,
} as const;

/** The one line a notice says: "Salon 7: yeni sipariş isteği (3 ürün)". */
export function noticeText(r: Pick<TableRequestInfo, 'kind' | 'tableName' | 'itemCount'>): string {
  if (r.kind === 'order') return trt.newOrder(r.tableName, r.itemCount);
  return r.kind === 'waiter' ? trt.waiterCall(r.tableName) : trt.billCall(r.tableName);
}
