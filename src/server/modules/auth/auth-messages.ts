/** Turkish answers of the login protection (the limits themselves: login-guard.ts). */
export const AUTH_MESSAGES = {
  /** one client (address or device) already has several password checks waiting */
  busyClient: 'Çok fazla eşzamanlı giriş denemesi. Lütfen birkaç saniye sonra tekrar deneyin.',
  /** the server's line of password checks is full */
  busyServer: 'Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.',
  tooManyPasswordChecks: 'Çok fazla hatalı şifre denemesi. Lütfen 15 dakika sonra tekrar deneyin.',
} as const;
