import { formatTL } from '../../../shared/domain/money';
import { ONLINE_PAYMENT_LABELS, type OnlineOrderInfo } from '../../../shared/online-orders-contract';

/** Online Sipariş Takibi's strings, in Turkish. */
export const ot = {
  handOver: 'Teslim Edildi (platform kuryesi aldı)',
  handOverTakeaway: 'Teslim Edildi (müşteri aldı)',
  cancelledByPlatform: 'Platform iptal etti',
  title: 'Online Sipariş Takibi',
  statusFilter: 'Durum',
  all: 'Tümü',
  empty: 'Bu durumda sipariş yok',
  emptyHint: 'Yeni bir online sipariş geldiğinde burada anında görünür ve her ekranda zil çalar.',
  accept: 'Onayla',
  reject: 'Reddet',
  acceptTitle: 'Siparişi onayla',
  prepTime: 'Hazırlama süresi',
  otherMinutes: 'Başka süre (dakika)',
  acceptWith: (m: number) => `${m} dk ile onayla`,
  rejectTitle: 'Siparişi reddet',
  reason: 'Ret nedeni',
  reasonNote: 'Açıklama',
  reasonNoteHint: "'Diğer' seçildiyse zorunlu",
  rejectConfirm: 'Reddet',
  cancel: 'Vazgeç',
  customer: 'Müşteri',
  address: 'Adres',
  call: (phone: string) => `Ara: ${phone}`,
  orderNote: 'Sipariş notu',
  payment: 'Ödeme',
  total: 'Toplam',
  platformDiscount: 'Platform indirimi',
  restaurantDiscount: 'Restoran indirimi',
  foodTotal: 'Yemek tutarı',
  deliveryFee: 'Teslimat ücreti',
  customerPays: 'Müşteri öder',
  collectAtDoor: (method: string) => `Kapıda alınacak (${method})`,
  paidOnline: 'Online ödendi: kapıda tahsilat yok',
  platformCourier: 'Platform kuryesi getirir ve tahsil eder',
  scheduledFor: (time: string) => `İleri tarihli: ${time} için`,
  handOverConfirm: 'Sipariş teslim edildi olarak kapatılsın mı? Bir dakika içinde geri alabilirsiniz.',
  handOverYes: 'Evet, teslim edildi',
  handOverPending: (seconds: number) => `Teslim kaydı ${seconds} sn içinde gönderilecek`,
  undo: 'Geri Al',
  sendNow: 'Şimdi Kaydet',
  expected: 'İstenen saat',
  asap: 'En kısa sürede',
  received: 'Geldi',
  prep: (m: number) => `Hazırlama: ${m} dk`,
  readyBy: (time: string) => `Hazır olacak: ${time}`,
  ticket: (n: number) => `Adisyon #${n}`,
  rejectedBecause: 'Ret nedeni',
  accepted: (n: number | null) => (n === null ? 'Sipariş onaylandı ve mutfağa gönderildi' : `Sipariş onaylandı: Adisyon #${n} mutfağa gönderildi`),
  rejected: 'Sipariş reddedildi',
  waitingBanner: (count: number) => (count === 1 ? '1 yeni online sipariş yanıt bekliyor' : `${count} yeni online sipariş yanıt bekliyor`),
  oldest: (wait: string) => `En eskisi ${wait} bekliyor`,
  openInbox: 'Siparişlere git',
  waiting: 'Bekleme',
  channelTitle: 'Kendi Kanalımız (web sitesi ve entegrasyon)',
  channelHint:
    'Web siteniz ya da sipariş uygulamanız siparişleri bu adrese, gizli anahtarla imzalayarak gönderir. Anahtarı kimseyle paylaşmayın; yenilediğinizde eskisi hemen geçersiz olur.',
  endpoint: 'Sipariş adresi',
  secret: 'Gizli anahtar',
  noSecret: 'Henüz anahtar yok: kanal kapalı, gelen siparişler reddedilir.',
  showSecret: 'Anahtarı göster',
  hideSecret: 'Anahtarı gizle',
  createSecret: 'Anahtar oluştur',
  rotateSecret: 'Anahtarı yenile',
  rotateConfirm: 'Yeni anahtar oluşturulsun mu? Eski anahtarla imzalanan siparişler hemen reddedilir.',
  rotateYes: 'Evet, yenile',
  rotated: 'Yeni anahtar oluşturuldu. Web sitenizdeki anahtarı güncelleyin.',
  docs: 'API belgesi (OpenAPI)',
  phoneOrder: 'Telefon Siparişi',
  phone: 'Telefon',
  knownCustomer: 'Önceki adresler ve siparişler',
  lastOrder: 'Son sipariş',
  customerName: 'Müşteri adı',
  orderType: 'Sipariş türü',
  addDish: 'Ürün',
  chooseDish: 'Ürün seçin',
  choose: 'Seçin',
  none: 'Yok',
  addToOrder: 'Siparişe ekle',
  dishNote: 'Bu ürün için not (isteğe bağlı)',
  dishes: 'Siparişteki ürünler',
  less: (what: string) => `${what}: bir azalt`,
  more: (what: string) => `${what}: bir artır`,
  phoneSave: 'Kaydet ve mutfağa gönder',
  phoneSaved: 'Telefon siparişi kaydedildi ve mutfağa gönderildi',
} as const;

/** How urgent an unanswered order is: platforms penalise slow answers (Getir expects one within 30 s). */
export type Urgency = 'fresh' | 'warn' | 'late';
export const URGENCY_LABELS: Record<Urgency, string> = { fresh: 'Yeni', warn: 'Yanıt bekliyor', late: 'Acil: gecikti' };
export const urgencyOf = (waitedMs: number): Urgency => (waitedMs >= 120_000 ? 'late' : waitedMs >= 30_000 ? 'warn' : 'fresh');

/** "45 sn", "2 dk 05 sn", "1 sa 3 dk": how long an order has waited. */
export function waitText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} sn`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} dk ${String(s % 60).padStart(2, '0')} sn`;
  return `${Math.floor(m / 60)} sa ${m % 60} dk`;
}

// made once: an Intl formatter costs far more to build than to use, and a full inbox asks for hundreds of times
const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' });
// Even using it is slow next to a map look-up, and a busy evening's orders share a few minutes:
// each minute is formatted once (every time zone's offset is whole minutes).
const minutes = new Map<number, string>();
export const timeText = (iso: string) => {
  const minute = Math.floor(Date.parse(iso) / 60_000);
  let text = minutes.get(minute);
  if (text === undefined) {
    if (minutes.size > 2000) minutes.clear();
    text = clock.format(minute * 60_000);
    minutes.set(minute, text);
  }
  return text;
};

/**
 * An option as read aloud, its group named once: an option named after its group ("Porsiyon: 1,5"
 * in the group Porsiyon, as the demo menu names them) is not prefixed again.
 */
export function optionLabel(o: { groupName: string; name: string }) {
  const group = o.groupName.trim();
  if (!group) return o.name;
  const head = o.name.split(':')[0].trim().toLocaleLowerCase('tr-TR');
  return o.name.includes(':') && head === group.toLocaleLowerCase('tr-TR') ? o.name : `${group}: ${o.name}`;
}

/** "1× Mercimek (Porsiyon: 1,5)": a dish line as read aloud. */
export const itemLine = (item: OnlineOrderInfo['items'][number]) =>
  `${item.quantity}× ${item.name}${item.options.length ? ` (${item.options.map(optionLabel).join(', ')})` : ''}`;

export const money = formatTL;

/** "Yemek Kartı (Multinet)": how the customer pays. */
export const paymentText = (order: Pick<OnlineOrderInfo, 'payment'>) =>
  `${ONLINE_PAYMENT_LABELS[order.payment.method]}${order.payment.brand ? ` (${order.payment.brand})` : ''}`;

/** An order the customer placed for later (the platform says so; every delivery names an expected time), still ahead: its card shows the promised time. */
export const isScheduled = (order: Pick<OnlineOrderInfo, 'isScheduled' | 'expectedAt' | 'status'>, now = Date.now()) =>
  order.isScheduled && order.expectedAt !== null && Date.parse(order.expectedAt) > now && ['new', 'accepted'].includes(order.status);

/**
 * The money of an order as the customer pays it, one line each, only what applies: the food before
 * discounts, each discount by who funds it, the delivery fee, what the customer pays, and what the
 * door collects (or why nothing: paid online, or the platform's courier collects).
 */
export function moneyLines(order: Pick<OnlineOrderInfo, 'subtotal' | 'platformDiscount' | 'restaurantDiscount' | 'deliveryFee' | 'customerPays' | 'collectAtDoor' | 'platformCourier' | 'payment' | 'type' | 'total'>) {
  const lines: string[] = [];
  const hasExtras = order.platformDiscount > 0 || order.restaurantDiscount > 0 || order.deliveryFee > 0;
  if (hasExtras) lines.push(`${ot.foodTotal}: ${money(order.subtotal)}`);
  if (order.platformDiscount > 0) lines.push(`${ot.platformDiscount}: ${money(order.platformDiscount)}`);
  if (order.restaurantDiscount > 0) lines.push(`${ot.restaurantDiscount}: ${money(order.restaurantDiscount)}`);
  if (order.deliveryFee > 0) lines.push(`${ot.deliveryFee}: ${money(order.deliveryFee)}`);
  if (order.customerPays !== order.total) lines.push(`${ot.customerPays}: ${money(order.customerPays)}`);
  if (order.platformCourier) lines.push(ot.platformCourier);
  else if (order.collectAtDoor > 0) lines.push(`${ot.collectAtDoor(paymentText(order))}: ${money(order.collectAtDoor)}`);
  else if (order.payment.method === 'online') lines.push(ot.paidOnline);
  return lines;
}
