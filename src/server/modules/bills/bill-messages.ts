import { formatTL } from '../../../shared/domain/money';

/** Every Turkish message of the bill side, written once. */
export const BILL_MESSAGES = {
  billNotFound: 'Hesap bulunamadı',
  notAllowed: (what: string) => `${what} için yetkiniz yok; işletme sahibinin onayı gerekli`,
  wrongApproval: 'Onaylayan işletme sahibinin e-postası ya da şifresi hatalı',
  tooManyApprovals: 'Çok fazla hatalı onay denemesi; lütfen daha sonra tekrar deneyin',
  linePaid: 'Bu satır ödenmiş; değiştirilemez',
  lineCancelled: 'Bu satır iptal edilmiş',
  compLine: 'İkram satıra indirim uygulanamaz',
  notComp: 'Bu satır ikram değil',
  alreadyComp: 'Bu satır zaten ikram',
  pendingCancel: 'Mutfağa gönderilmemiş satır iptal edilmez; satırı silin',
  quantityOver: (name: string, max: number) => `"${name}" satırında ${max} adet var`,
  serviceCharge: (percent: number) => `Servis ücreti yalnızca kaldırılabilir (0) ya da Ayarlar'daki oran (%${percent}) geri getirilebilir`,
  methodOff: (label: string) => `${label} ödemesi Ayarlar'da kapalı`,
  brandUnknown: (brand: string) => `"${brand}" Ayarlar'daki yemek kartı markalarından biri değil`,
  alreadyPaid: 'Hesap zaten ödendi',
  overRemaining: (remaining: number) => `Kalan tutar ${formatTL(remaining)}; kart ve diğer yöntemlerle fazlası alınamaz`,
  linesNotFound: 'Seçilen satır bu adisyonda yok',
  linesAlreadyPaid: 'Seçilen satırlardan biri zaten ödenmiş',
  linesDuplicate: 'Aynı satır iki kez seçilmiş',
  linesNothingDue: 'Seçilen satırların ödenecek tutarı yok',
  linesAmount: (due: number) => `Seçilen satırların tutarı ${formatTL(due)}`,
  givenTooLittle: 'Verilen tutar ödenen tutardan az olamaz',
  unpaid: (remaining: number) => `Hesap ödenmeden kapatılamaz; kalan ${formatTL(remaining)}`,
  notClosed: 'Bu hesap kapalı değil',
  tableTaken: 'Bu masada şimdi başka bir açık adisyon var; hesap yeniden açılamaz',
  dayClosed: 'Gün sonu alınmış bir günün hesabı yeniden açılamaz; düzeltme için İade yapın',
} as const;

/** The Turkish name of each money action, for the Kapalı Hesaplar history. */
export const ADJUSTMENT_LABELS: Record<string, string> = {
  'ticket.discount': 'Hesap indirimi',
  'ticket.line.discount': 'Satır indirimi',
  'ticket.line.comp': 'İkram',
  'ticket.line.uncomp': 'İkram geri alındı',
  'ticket.line.cancel': 'İptal',
  'ticket.service_charge': 'Servis ücreti',
  'ticket.payment': 'Ödeme',
  'ticket.close': 'Hesap kapatıldı',
  'ticket.reopen': 'Hesap yeniden açıldı',
};
