import { WRONG_CURRENT_PASSWORD } from '../../../shared/staff-contract';
export const STAFF_MESSAGES = {
  notFound: 'Personel bulunamadı',
  emailTaken: 'Bu e-posta adresi zaten kayıtlı',
  lastOwner: 'Son aktif işletme sahibi devre dışı bırakılamaz ya da rolü değiştirilemez',
  versionConflict: 'Bu personel kaydı siz düzenlerken değişti. Listeyi yenileyip tekrar deneyin.',
  wrongCurrentPassword: WRONG_CURRENT_PASSWORD,
} as const;
