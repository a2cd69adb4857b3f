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

/** A dotted IPv4 address, or a host name of letters, digits and hyphens (e.g. mutfak-yazici.local). */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
export function isPrinterHost(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (/^[\d.]+$/.test(value)) return IPV4.test(value);
  return value.split('.').every((label) => HOST_LABEL.test(label));
}

export const DEFAULT_PRINTER_PORT = 9100;
const PORT_MESSAGE = 'Port 1 ile 65535 arasında bir tam sayı olmalı';

const printerHost = z
  .string({ error: 'Yazıcı adresi gerekli' })
  .trim()
  .min(1, 'Yazıcı adresi gerekli')
  .refine(isPrinterHost, 'Geçerli bir IPv4 adresi veya makine adı girin (örn. 192.168.1.50)');
// A form's text field sends "9100"; a script sends 9100. Both are read as the same number.
const printerPort = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE),
);

/** A thermal printer on the network, spoken to in ESC/POS over raw TCP (usually port 9100). */
export const networkPrinter = z.object({ host: printerHost, port: printerPort.default(DEFAULT_PRINTER_PORT) });
export type NetworkPrinter = z.infer<typeof networkPrinter>;

export const STATION_PRINTERS_MAX = 20;
export const stationPrinter = networkPrinter.extend({ station: nameText('İstasyon', { max: 40 }) });
export type StationPrinter = z.infer<typeof stationPrinter>;

export const networkPrinters = z.object({
  /** prints the bill (hesap); null = bills print through the browser only */
  bill: networkPrinter.nullable().default(null),
  /** one printer per kitchen station; a station without one prints nothing on send */
  stations: z
    .array(stationPrinter)
    .max(STATION_PRINTERS_MAX, `En fazla ${STATION_PRINTERS_MAX} istasyon yazıcısı tanımlanabilir`)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        const key = p.station.toLocaleLowerCase('tr');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'station'], message: 'Bu istasyonun zaten bir yazıcısı var' });
        seen.add(key);
      });
    }),
});
export type NetworkPrinters = z.infer<typeof networkPrinters>;
export const DEFAULT_NETWORK_PRINTERS: NetworkPrinters = { bill: null, stations: [] };

export const printerSettings = z.object({
  defaultPrinter: z.union([z.literal(''), z.enum(PRINTER_CHOICES)]),
  paperWidth: z.enum(PAPER_WIDTHS, { error: "Kağıt genişliği '58' veya '80' olmalı" }),
  fontSize: numericString,
  footerText: text('multiline', 'Alt bilgi', 200),
  restaurantInfo: z.object({
    // the business's name, as Ayarlar's (which may not be empty either)
    name: text('name', 'Restoran adı', 120).refine((v) => v.trim() !== '', 'Restoran adı boş olamaz'),
    address: text('multiline', 'Adres', 300),
    phone: text('name', 'Telefon', 40),
  }),
  showLogo: z.boolean(),
  margins: z.object({ top: numericString, right: numericString, bottom: numericString, left: numericString }),
  selectedTemplate: nameText('Şablon', { max: 40 }),
  // Added after the first documents were saved: a document without it reads as no network printers.
  networkPrinters: networkPrinters.default(DEFAULT_NETWORK_PRINTERS),
});
export type PrinterSettings = z.infer<typeof printerSettings>;

/** The spec's placeholder business details: never printed, the restaurant's own are (Ayarlar). */
export const SAMPLE_RESTAURANT_INFO = {
  name: 'Restoran Adı',
  address: 'Örnek Mah. Lezzet Cad. No: 1, İstanbul',
  phone: '0212 000 00 00',
} as const;

/** A business detail as typed, or '' where a document still holds the spec's sample. */
export const unlessSample = (field: keyof typeof SAMPLE_RESTAURANT_INFO, value: string) =>
  value.trim() === SAMPLE_RESTAURANT_INFO[field] ? '' : value.trim();

/**
 * Spec section 3 defaults. The server answers `restaurantInfo` from the restaurant's own name,
 * address and phone (Ayarlar), so the sample below only fills a form before it loads.
 */
export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  defaultPrinter: '',
  paperWidth: '80',
  fontSize: '12',
  footerText: 'Afiyet Olsun',
  restaurantInfo: { ...SAMPLE_RESTAURANT_INFO },
  showLogo: true,
  margins: { top: '2', right: '2', bottom: '2', left: '2' },
  selectedTemplate: 'classic',
  networkPrinters: DEFAULT_NETWORK_PRINTERS,
};
