/** What the kitchen and waiter screens may be told, in Turkish. */
export const KITCHEN_MESSAGES = {
  lineNotFound: 'Sipariş satırı bulunamadı',
  batchNotFound: 'Mutfak siparişi bulunamadı',
  ticketNotFound: 'Adisyon bulunamadı',
  notSentYet: 'Bu ürün henüz mutfağa gönderilmedi',
  cancelled: 'Bu ürün iptal edildi',
  alreadyServed: 'Bu ürün zaten servis edildi',
  noGoingBack: 'Durum geri alınamaz; hazır bir ürünü yalnızca Geri Al ile mutfağa döndürebilirsiniz',
  notReadyToServe: 'Yalnızca hazır ürünler servis edilebilir',
  nothingToBump: 'Bu siparişte hazırlanacak ürün kalmadı',
  held: 'Bu ürün bekletiliyor; garson servis sırasını başlatınca hazırlanabilir',
  nothingToRecall: 'Geri alınacak hazır ürün yok',
  unknownBatches: 'Bilinmeyen mutfak siparişi',
  nothingToServe: 'Bu masada servis edilecek hazır ürün kalmadı',
  undoTicketClosed: 'Adisyon kapandı; servis artık geri alınamaz',
  undoOnlyServed: 'Yalnızca servis edilmiş ürünler geri alınabilir',
  undoTooLate: (seconds: number) => `Servis ${seconds} saniyeden uzun süre önce yapıldı; artık geri alınamaz`,
} as const;
