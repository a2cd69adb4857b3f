/** Every Turkish message of the online-order inbox and the restaurant's own channel, written once. */
export const ONLINE_ORDER_MESSAGES = {
  orderNotFound: 'Online sipariş bulunamadı',
  signatureMissing: 'İmza eksik: X-Sofra-Timestamp ve X-Sofra-Signature başlıkları gerekli',
  signatureBad: 'İmza geçersiz',
  platformCredentials: 'Platformun kimlik bilgisi eksik ya da hatalı',
  unknownRemoteId: 'Bu restoranın Yemeksepeti şube kodu (remoteId) bu değil',
  timestampStale: 'Zaman damgası (X-Sofra-Timestamp) sunucu saatinden 5 dakikadan fazla farklı',
  externalIdReused: (externalId: string, orderId: string) =>
    `Bu sipariş numarası (${externalId}) başka bir içerikle zaten alındı; ilk sipariş: ${orderId}. Değişen bir sipariş için yeni bir numara kullanın`,
  bodyMissing: 'İstek gövdesi boş; siparişi JSON olarak gönderin',
  itemNotOnMenu: (id: string) => `Bu ürün restoranın menüsünde yok: ${id}`,
  unmappedItems: (names: string[]) => `Platformdaki şu ürünler Sofra menüsüyle eşleşmemiş: ${names.join(', ')}. Önce eşleştirin`,
  alreadyAnswered: (status: string) => `Bu sipariş zaten yanıtlanmış (${status})`,
  notAccepted: 'Yalnızca onaylanmış, teslim edilmemiş bir sipariş teslim edilebilir',
  withCourier: 'Bu sipariş bir kuryede; teslimi kurye kendi sayfasından işaretler',
  notPlatformCourier: 'Bu siparişi platformun kuryesi değil kendi kuryemiz götürür: kuryeye verin, teslimi kurye sayfasından işaretlenir',
  platformCourierAddress: (platform: string) => `${platform} kuryesi restorandan teslim alır`,
  alreadyDelivered: 'Sipariş teslim edilmiş; iptali platformla ayrıca görüşülmeli',
  cancelledByPlatform: (platform: string) => `${platform} siparişi iptal etti`,
} as const;
