import { z } from 'zod';

/** Every API failure answers this shape; `error` is a Turkish sentence fit to show a user. */
export const errorResponse = z.object({
  error: z.string(),
  /** a 400 for a failed validation: each failing field's path in the request schema → its message */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Server messages a user may see; written once, used by server and tests. */
export const MESSAGES = {
  invalidCredentials: 'E-posta veya şifre hatalı',
  userNotFound: 'Kullanıcı bulunamadı',
  invalidRole: 'Geçersiz kullanıcı rolü',
  accountDisabled: 'Hesabınız devre dışı bırakılmış',
  tooManyAttempts: 'Çok fazla başarısız giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.',
  rememberInvalid: 'Kayıtlı oturum geçersiz veya süresi dolmuş. Lütfen şifrenizle giriş yapın.',
  notSignedIn: 'Oturum açmanız gerekiyor',
  forbidden: 'Bu işlem için yetkiniz yok',
  notFound: 'Kayıt bulunamadı',
  restaurantNotFound: 'Restoran bulunamadı',
  routeNotFound: 'İstenen adres bulunamadı',
  versionConflict: 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi. Sayfayı yenileyip tekrar deneyin.',
  invalidRequest: 'Geçersiz istek',
  badJson: 'İstek gövdesi geçerli bir JSON değil',
  internal: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
} as const;
