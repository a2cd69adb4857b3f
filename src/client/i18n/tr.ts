import { ROLE_LABELS } from '../../shared/domain/roles';

/** Every user-facing string of the staff app, in Turkish. */
export const tr = {
  appName: 'Sofra',
  loading: 'Yükleniyor...',
  /** the error screen: a screen or dialog that crashed, instead of a white page */
  crash: {
    title: 'Bir şeyler ters gitti',
    body: 'Bu ekran beklenmedik bir hatayla durdu. Hata kaydedildi; girdiğiniz kayıtlı veriler etkilenmedi. Yeniden deneyebilir ya da başka bir ekrana geçebilirsiniz.',
    dialogBody: 'Bu pencere beklenmedik bir hatayla durdu. Hata kaydedildi; ekranın geri kalanı çalışmaya devam ediyor.',
    retry: 'Yeniden Dene',
    close: 'Kapat',
    backTo: (screen: string) => `${screen} ekranına dön`,
    home: 'Ana ekrana dön',
  },
  chunk: {
    failed: 'Ekran yüklenemedi. İnternet bağlantınızı kontrol edip tekrar deneyin.',
    timedOut: 'Ekran 120 saniyede yüklenemedi. Bağlantı yavaş olabilir; tekrar deneyin.',
    retry: 'Tekrar Dene',
  },
  login: {
    title: 'Giriş Yap',
    subtitle: 'Restoran hesabınızla oturum açın',
    email: 'E-posta',
    password: 'Şifre',
    showPassword: 'Şifreyi göster',
    hidePassword: 'Şifreyi gizle',
    emailMissing: 'E-posta adresinizi girin',
    passwordMissing: 'Şifrenizi girin',
    remember: 'Beni Hatırla',
    submit: 'Giriş Yap',
    submitting: 'Giriş yapılıyor...',
    failed: 'Giriş başarısız: ',
    autoFailed: 'Otomatik giriş başarısız: ',
    savedTitle: 'Kayıtlı hesap',
    savedQuestion: 'Kayıtlı hesap ile giriş yapmak ister misiniz?',
    no: 'Hayır',
    yes: 'Evet',
  },
  logout: 'Çıkış Yap',
  skipToContent: 'İçeriğe geç',
  menu: 'Menü',
  closeMenu: 'Menüyü kapat',
  roles: ROLE_LABELS,
  notReady: {
    title: 'Bu ekran henüz hazır değil',
    body: 'Bu bölüm Sofra’nın sonraki sürümlerinde gelecek. Şimdilik diğer ekranları kullanabilirsiniz.',
  },
  session: {
    ended: 'Oturumunuz sona erdi.',
    signInAgain: 'Lütfen yeniden giriş yapın.',
    accountChanged:
      'Hesabınız devre dışı bırakılmış, şifreniz sıfırlanmış ya da tüm cihazlardan çıkış yapılmış olabilir. Lütfen yeniden giriş yapın.',
    otherRole: (screen: string) => `Bu ekran ${screen} içindir; bu hesapla açılamaz. Kendi ekranınıza yönlendirildiniz.`,
    signInFirst: (screen: string) => `${screen} ekranını açmak için giriş yapın.`,
  },
  network: {
    offline: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edin.',
    /** a refusal without the server's own sentence (a proxy's error page, a server restarting) */
    serverDown: 'Sunucu şu an yanıt veremiyor. Biraz sonra tekrar deneyin.',
    failed: 'İşlem tamamlanamadı. Lütfen tekrar deneyin.',
    sessionEnded: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
    connectionSettings: 'Bağlantı ayarları geçersiz, canlı güncellemeler kapalı: ',
  },
} as const;
