import { TABLE_REQUEST_LIMITS } from '../../../shared/table-requests-contract';

/** Every Turkish message of QR Sipariş, written once: guests read the first ones on their phone. */
export const TABLE_REQUEST_MESSAGES = {
  tokenInvalid: 'Bu masa kodu geçersiz ya da yenilenmiş. Masadaki güncel QR kodu okutun ya da garsonu çağırın.',
  orderingOff: 'Bu restoran şu anda QR kodla sipariş ve çağrı almıyor. Garsonu çağırabilirsiniz.',
  outsideHours: (from: string, to: string) => `Şu anda sipariş alınmıyor; QR sipariş saatleri ${from}–${to}.`,
  idempotencyKeyMissing: 'Sipariş gönderilemedi: sayfayı yenileyip tekrar deneyin (Idempotency-Key başlığı gerekli).',
  tooManyPending: `Bu masanın onay bekleyen ${TABLE_REQUEST_LIMITS.pendingPerTable} siparişi var. Garson onayladıktan sonra yeni sipariş gönderebilirsiniz.`,
  tooManyRequests: 'Çok sık istek gönderildi. Lütfen biraz bekleyip tekrar deneyin.',
  tooManyTokenTries: 'Çok fazla geçersiz masa kodu denendi. Lütfen biraz sonra tekrar deneyin.',
  requestNotFound: 'İstek bulunamadı',
  notAnOrder: 'Bu bir garson çağrısı ya da hesap isteği; onaylanmaz, "Gördüm" ile yanıtlanır',
  notACall: 'Bu bir sipariş isteği; Onayla ya da Reddet ile yanıtlanır',
  alreadyAccepted: 'Bu istek zaten onaylanmış',
  alreadyRejected: 'Bu istek zaten reddedilmiş',
  alreadyAnswered: 'Bu çağrı zaten yanıtlanmış',
  expired: `Bu isteğin süresi doldu: ${TABLE_REQUEST_LIMITS.expiresAfterMinutes} dakika içinde yanıtlanmadı`,
  tableGone: 'Bu isteğin masası silinmiş; sipariş bir adisyona eklenemez',
  unsentLines: 'Masanın adisyonunda mutfağa gönderilmemiş ürünler var. Önce onları gönderin ya da silin, sonra isteği onaylayın.',
} as const;
