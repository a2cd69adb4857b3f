import { formatLira } from '../../../shared/domain/money';
import { TABLE_REQUEST_PROGRESS_LABELS, type TableRequestInfo } from '../../../shared/table-requests-contract';

/** The floor's words for the guests' requests (QR Sipariş), written once. */
export const trt = {
  title: 'Masadan istek',
  newOrder: (table: string, count: number) => `${table}: yeni sipariş isteği (${count} ürün)`,
  /** two or more orders of one table waiting: one notice, which opens the oldest */
  newOrders: (table: string, requests: number, count: number) => `${table}: ${requests} sipariş isteği (${count} ürün)`,
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
  logTitle: 'Masa İstekleri · son bir saat',
  logHint: 'QR kodla gelen siparişler, Garson Çağır ve Hesap İste: kim, ne zaman yanıtladı.',
  logEmpty: 'Son bir saatte masalardan istek gelmedi.',
  logScope: 'Hangi masaların istekleri',
  logMine: 'Masalarım',
  logAll: 'Tümü',
  logMore: (n: number) => `Tümünü göster (${n})`,
} as const;

/** "21:04", on the phone's clock. */
export const clock = (iso: string) => new Date(iso).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' });

/** What the guest asked for, by the name of the button they pressed. */
const LOG_KIND = { waiter: 'Garson Çağır', bill: 'Hesap İste' } as const;

/** A row's first line: "Salon 7 · Hesap İste · 21:04", "Bahçe 2 · Sipariş (3 ürün) · 20:58". */
export function logLine(r: Pick<TableRequestInfo, 'kind' | 'tableName' | 'itemCount' | 'createdAt'>): string {
  const what = r.kind === 'order' ? `Sipariş (${r.itemCount} ürün)` : LOG_KIND[r.kind];
  return `${r.tableName} · ${what} · ${clock(r.createdAt)}`;
}

/**
 * Where it stands and who answered when: "Ayşe yanıtladı · 21:05", "Ayşe onayladı · 21:06 ·
 * Servis edildi", "Mehmet reddetti · 21:07 · Neden: …", "Yanıtlanmadı, süresi doldu · 21:19".
 */
export function logState(r: Pick<TableRequestInfo, 'kind' | 'status' | 'answeredAt' | 'answeredByName' | 'expiresAt' | 'reason' | 'progress'>): string {
  const at = r.answeredAt ? clock(r.answeredAt) : '';
  switch (r.status) {
    case 'pending':
      return 'Yanıt bekliyor';
    case 'expired':
      return `Yanıtlanmadı, süresi doldu · ${clock(r.expiresAt)}`;
    case 'rejected':
      return [`${r.answeredByName ?? 'Personel'} reddetti · ${at}`, r.reason ? `Neden: ${r.reason}` : ''].filter(Boolean).join(' · ');
    case 'accepted': {
      if (r.kind !== 'order') return `${r.answeredByName ?? 'Personel'} yanıtladı · ${at}`;
      // straight to the kitchen (Ayarlar): nobody confirmed it
      const who = r.answeredByName ? `${r.answeredByName} onayladı` : 'Doğrudan mutfağa gitti';
      const progress = r.progress && r.progress !== 'sent' ? TABLE_REQUEST_PROGRESS_LABELS[r.progress] : '';
      return [`${who} · ${at}`, progress].filter(Boolean).join(' · ');
    }
  }
}

/** The one line a notice says: "Salon 7: yeni sipariş isteği (3 ürün)". */
export function noticeText(r: Pick<TableRequestInfo, 'kind' | 'tableName' | 'itemCount'>): string {
  if (r.kind === 'order') return trt.newOrder(r.tableName, r.itemCount);
  return r.kind === 'waiter' ? trt.waiterCall(r.tableName) : trt.billCall(r.tableName);
}
