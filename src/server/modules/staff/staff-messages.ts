export const STAFF_MESSAGES = {
  notFound: 'Personel bulunamadı',
  emailTaken: 'Bu e-posta adresi zaten kayıtlı',
  lastOwner: 'Son aktif işletme sahibi devre dışı bırakılamaz ya da rolü değiştirilemez',
  versionConflict: 'Bu personel kaydı siz düzenlerken değişti. Listeyi yenileyip tekrar deneyin.',
  wrongCurrentPassword: 'Mevcut şifre hatalı',
} as const;
