import { z } from 'zod';
import { nameText, refuseBadCharacters } from './text';

export const PAPER_WIDTHS = ['58', '80'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

export const RECEIPT_TEMPLATES = ['classic', 'modern', 'minimal'] as const;
export type ReceiptTemplate = (typeof RECEIPT_TEMPLATES)[number];

export const PRINTER_CHOICES = ['default', 'pos58', 'pos80', 'thermal'] as const;

// The spec sets no bounds on font size and margins, only "numeric"; three digits and two
// decimals keep a typo like "1200" from producing an unprintable receipt.
const numericString = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.,]\d{1,2})?$/, 'Sayısal bir değer girin (örn. 12 veya 2,5)')
  .transform((v) => v.replace(',', '.'));

// Not trimmed: the receipt preview shows exactly what was typed, spaces included.
const text = (kind: 'name' | 'multiline', label: string, max: number) =>
  z.string().max(max, `${label} en fazla ${max} karakter olabilir`).superRefine(refuseBadCharacters(kind, label));

export const printerSettings = z.object({
  defaultPrinter: z.union([z.literal(''), z.enum(PRINTER_CHOICES)]),
  paperWidth: z.enum(PAPER_WIDTHS, { error: "Kağıt genişliği '58' veya '80' olmalı" }),
  fontSize: numericString,
  footerText: text('multiline', 'Alt bilgi', 200),
  restaurantInfo: z.object({
    name: text('name', 'Restoran adı', 120),
    address: text('multiline', 'Adres', 300),
    phone: text('name', 'Telefon', 40),
  }),
  showLogo: z.boolean(),
  margins: z.object({ top: numericString, right: numericString, bottom: numericString, left: numericString }),
  selectedTemplate: nameText('Şablon', { max: 40 }),
});
export type PrinterSettings = z.infer<typeof printerSettings>;

/** Spec section 3 defaults; GET of a restaurant that never saved answers these. */
export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  defaultPrinter: '',
  paperWidth: '80',
  fontSize: '12',
  footerText: 'Afiyet Olsun',
  restaurantInfo: {
    name: 'Restoran Adı',
    address: 'Örnek Mah. Lezzet Cad. No: 1, İstanbul',
    phone: '0212 000 00 00',
  },
  showLogo: true,
  margins: { top: '2', right: '2', bottom: '2', left: '2' },
  selectedTemplate: 'classic',
};
