import { MESSAGES } from '../../../shared/errors';

export const MENU_MESSAGES = {
  categoryNotFound: 'Kategori bulunamadı',
  itemNotFound: 'Ürün bulunamadı',
  optionGroupNotFound: 'Seçenek grubu bulunamadı',
  categoryNameTaken: 'Bu adla bir kategori zaten var',
  itemNameTaken: 'Bu kategoride aynı adla bir ürün zaten var',
  optionGroupNameTaken: 'Bu adla bir seçenek grubu zaten var',
  categoryHasItems: (count: number) =>
    `Bu kategoride ${count} ürün var. Kategoriyi silmeden önce ürünleri başka bir kategoriye taşıyın ya da silin.`,
  reorderMismatch: 'Sıralama, restoranın bütün kategorilerini birer kez içermeli. Sayfayı yenileyip tekrar deneyin.',
  emptyCategory: 'Bu kategoride fiyatı değiştirilecek ürün yok',
  priceChangeTooHigh: (name: string) => `Bu değişiklikle "${name}" ürününün fiyatı 1.000.000,00 TL sınırını aşar`,
  unknownOption: 'Bu seçenek grupta yok; sayfayı yenileyip tekrar deneyin',
  versionConflict: MESSAGES.versionConflict,
  photoMissing: 'Fotoğraf dosyası gönderilmedi',
  photoNotMultipart: 'Fotoğrafı dosya olarak (multipart/form-data) gönderin',
  photoBroken: 'Fotoğraf yüklemesi bozuk ya da yarım geldi; dosyayı yeniden seçip tekrar deneyin',
  photoTooLarge: 'Fotoğraf en fazla 2 MB olabilir',
  photoWrongType: 'Fotoğraf JPEG, PNG ya da WebP biçiminde olmalı',
  photoNotFound: 'Fotoğraf bulunamadı',
  importHasErrors: (count: number, first: string) =>
    `İçe aktarma yapılmadı: ${count} satırda hata var (${first}). Hiçbir değişiklik kaydedilmedi.`,
  zeroPrice: 'Fiyat 0,00 TL olamaz. Ürünü bedava sunmak istiyorsanız bunu onaylayarak kaydedin.',
  zeroPrices: (names: readonly string[]) => {
    const shown = names.slice(0, 5).map((n) => `"${n}"`).join(', ');
    const more = names.length > 5 ? ` ve ${names.length - 5} ürün daha` : '';
    return `Bu değişiklikle ${names.length} ürünün fiyatı 0,00 TL olur (${shown}${more}). Ürünleri bedava sunmak istiyorsanız bunu onaylayarak kaydedin.`;
  },
  menuOffline: 'Bu restoranın menüsü şu anda yayında değil',
} as const;
