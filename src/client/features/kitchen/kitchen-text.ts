import { TICKET_TYPE_LABELS, type TicketType } from '../../../shared/ticket-contract';

/** The kitchen display's, the history's and Garson Ekranı's strings, in Turkish. */
export const kt = {
  ordersTitle: 'Siparişler',
  kitchenTitle: 'Mutfak Ekranı',
  historyTitle: 'Sipariş Geçmişi',
  ownerHistoryTitle: 'Mutfak Geçmişi',
  waiterTitle: 'Garson Ekranı',
  allStations: 'Tüm istasyonlar',
  station: 'İstasyon',
  empty: 'Bekleyen sipariş yok',
  emptyHint: 'Mutfağa gönderilen siparişler burada anında görünür.',
  addition: 'EK SİPARİŞ',
  /** the card of a bill already closed (paid): still to make, but the guest has settled */
  ticketClosed: 'HESAP KAPANDI',
  ticketClosedHint: 'Hesap kapandı; geri alınamaz',
  bumpAll: 'Tümü Hazır',
  heldCourse: (course: string) => `Bekleyen: ${course || 'Servis sırası'}`,
  heldHint: 'Garson başlatınca hazırlayın',
  heldStatus: 'Bekliyor',
  courseFired: (course: string) => `${course || 'Servis sırası'} başladı`,
  recall: 'Geri Al',
  fullScreen: 'Tam Ekran',
  exitFullScreen: 'Tam Ekrandan Çık',
  summary: 'Bekleyen ürünler',
  minutes: (m: number) => `${m} dk`,
  ageLabels: { fresh: 'Zamanında', warn: 'Gecikiyor', late: 'Geç kaldı' },
  waiter: 'Garson',
  sentAt: 'Gönderildi',
  /** a scheduled order's promised time on its card: "Teslim: 17:15" */
  promised: (time: string) => `Teslim: ${time}`,
  tapHint: 'Ürüne dokunun: Bekliyor → Hazırlanıyor → Hazır',
  newOrder: 'Yeni sipariş',
  served: 'Servis Edildi',
  serveAll: 'Tümünü Servis Et',
  undoServe: 'Geri Al',
  servedNotice: (what: string) => `Servis edildi: ${what}`,
  readyTitle: 'Servise hazır',
  noReady: 'Servise hazır ürün yok',
  noReadyHint: 'Mutfak bir ürünü hazır yaptığında burada görünür ve telefonunuz uyarır.',
  readyAtTable: (table: string, units: number) => `${table}: ${units} ürün hazır`,
  goToWaiterScreen: 'Garson Ekranı',
  dismiss: 'Kapat',
  unacknowledgedTitle: 'Mutfak siparişi almadı',
  unacknowledged: (where: string, stations: string, seconds: number) =>
    `${where}: ${stations} ekranı ${seconds} saniyedir siparişi almadı. Mutfağa haber verin.`,
  /** the online-order ring (Ayarlar: "Yeni online siparişte mutfak ekranı da çalsın") */
  onlineWaiting: (count: number) => `🔔 ${count} yeni online sipariş yanıt bekliyor — işletme sahibi onaylayacak`,
  onlineOldest: (minutes: number) => (minutes < 1 ? 'En eskisi az önce geldi.' : `En eskisi ${minutes} dakikadır bekliyor.`),
  offline: 'Bağlantı yok',
  offlineSince: (time: string) => `Son güncelleme: ${time}. Yeniden bağlanılıyor…`,
  offlineNever: 'Yeniden bağlanılıyor…',
  history: {
    from: 'Başlangıç',
    to: 'Bitiş',
    table: 'Masa',
    tablePlaceholder: 'ör. Salon 3 veya Gel-Al',
    sent: 'Gönderildi',
    ready: 'Hazır',
    served: 'Servis',
    prep: 'Hazırlama',
    total: 'Toplam',
    none: 'Bu dönemde tamamlanan sipariş yok',
    stats: 'Ürün başına hazırlama süresi',
    item: 'Ürün',
    count: 'Adet',
    avg: 'Ortalama',
    p90: '%90',
    p90Hint: '10 siparişten 9’u bu sürede ya da daha kısa sürede hazırlandı',
    truncated: 'Yalnızca en yeni 300 sipariş gösteriliyor; dönemi daraltın.',
    batches: 'Tamamlanan siparişler',
  },
} as const;

/** "Masa Bahçe 3", "Gel-Al #12 · Ali Bey": what a card or a line is for. */
export function whereLabel(o: { type: TicketType; tableName: string | null; ticketNumber: number; customerName?: string | null }) {
  if (o.type === 'table') return o.tableName ?? `${TICKET_TYPE_LABELS.table} #${o.ticketNumber}`;
  return `${TICKET_TYPE_LABELS[o.type]} #${o.ticketNumber}${o.customerName ? ` · ${o.customerName}` : ''}`;
}

export const clock = (iso: string | number) => new Date(iso).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' });
export const clockSeconds = (ms: number) => new Date(ms).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** 75 → "1 dk 15 sn", 3600 → "60 dk". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} sn`;
  return s === 0 || m >= 10 ? `${m} dk` : `${m} dk ${s} sn`;
}
