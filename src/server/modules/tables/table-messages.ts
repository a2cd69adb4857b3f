/** Every Turkish message of Masa Düzeni, written once. */
export const TABLE_MESSAGES = {
  sectionNotFound: 'Bölüm bulunamadı',
  tableNotFound: 'Masa bulunamadı',
  sectionNameTaken: (name: string) => `"${name}" adında bir bölüm zaten var`,
  tableNameTaken: (name: string) => `"${name}" adında bir masa zaten var`,
  sectionHasOpenTickets: 'Bu bölümde açık adisyonu olan masalar var; önce hesapları kapatın',
  tableHasOpenTicket: 'Bu masada açık bir adisyon var; önce hesabı kapatın ya da masayı taşıyın',
  reorderMismatch: 'Bölüm listesi değişmiş; sayfayı yenileyip tekrar deneyin',
  tooManySections: 'En fazla 30 bölüm eklenebilir',
  tooManyTables: 'Bir bölüme en fazla 200 masa eklenebilir',
} as const;
