/**
 * Emails compare case-insensitively. Not the tr-TR lower case: that turns "I" into "ı", and a
 * Turkish keyboard's "İ" must match "i" too, so both capitals become the ASCII "i".
 */
export const normaliseEmail = (email: string) => email.trim().normalize('NFC').replaceAll('İ', 'i').toLowerCase();
