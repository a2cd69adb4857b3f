import { z } from 'zod';
import { DEFAULT_DAY_START_HOUR, DEFAULT_TIME_ZONE } from './domain/calendar';
import { MEAL_CARD_BRANDS, paymentMethod } from './domain/payment-methods';
import { ROLES } from './domain/roles';
import { multilineText, nameText, refuseBadCharacters } from './text';

/** The owner's general settings ('settings' screen); one document per restaurant, versioned. */

export const VAT_RATES = [1, 10, 20] as const;
/** Who may give a discount, a complimentary item or cancel a line; the owner always may. */
export const GUARDED_ACTIONS = ['discount', 'comp', 'cancel'] as const;

const roleList = z.array(z.enum(ROLES));

/** İkram's own reasons (never the cancellation reasons): what a new restaurant starts with. */
export const DEFAULT_COMP_REASONS = ['Müdavim', 'Gecikme telafisi', 'Doğum günü', 'Şikâyet'] as const;
export const REASON_LIMITS = { count: 30, length: 80 } as const;
/**
 * Servis sırası: the courses a waiter may put a line in, in the order they are served. A line with
 * none goes with the first send; a course can be held on Mutfağa Gönder and fired later. An empty
 * list means the restaurant does not use courses.
 */
export const DEFAULT_COURSES = ['Ara sıcak', 'Ana yemek', 'Tatlı'] as const;
export const COURSE_LIMITS = { count: 10, length: 40 } as const;
/** One course's name, as Ayarlar saves it and as a line, a send or a fire names it. */
export const courseName = nameText('Servis sırası', { min: 1, max: COURSE_LIMITS.length, collapseSpaces: true });
/** Course names are compared as people read them: "ana yemek" is "Ana yemek". */
export const sameCourse = (a: string, b: string) => a.toLocaleLowerCase('tr-TR') === b.toLocaleLowerCase('tr-TR');
const text = (max: number, label: string) => nameText(label, { max });

/**
 * QR Sipariş (issue 39): who confirms a guest's order from a table's QR code — the waiter (one tap
 * on their phone) or nobody (straight to the kitchen, accepted at once).
 */
export const QR_CONFIRM_BY = ['waiter', 'kitchen'] as const;
export type QrConfirmBy = (typeof QR_CONFIRM_BY)[number];
export const QR_CONFIRM_BY_LABELS: Record<QrConfirmBy, string> = { waiter: 'Garson onaylar', kitchen: 'Doğrudan mutfağa' };
const clockTime = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} SS:DD biçiminde olmalı (ör. 11:00)`);
/** When guests may order, on the restaurant's wall clock; `to` before `from` runs past midnight (18:00–02:00). */
const orderingHours = z
  .object({ from: clockTime('Sipariş başlangıç saati'), to: clockTime('Sipariş bitiş saati') })
  .refine((h) => h.from !== h.to, { message: 'Sipariş saatlerinin başlangıcı ve bitişi aynı olamaz', path: ['to'] });
export type OrderingHours = z.infer<typeof orderingHours>;
/** A new restaurant takes no orders from its QR codes until the owner turns it on. */
export const DEFAULT_QR_ORDERING = { enabled: false, confirmBy: 'waiter', hours: null } as const satisfies {
  enabled: boolean;
  confirmBy: QrConfirmBy;
  hours: OrderingHours | null;
};

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('tr-TR', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const restaurantSettings = z
  .object({
    profile: z.object({
      name: text(120, 'Restoran adı').min(1, 'Restoran adı boş olamaz'),
      address: multilineText('Adres', { max: 300 }),
      phone: text(40, 'Telefon'),
      taxOffice: text(80, 'Vergi dairesi'),
      taxNumber: z
        .string()
        .trim()
        .regex(/^(\d{10,11})?$/, 'Vergi numarası 10 haneli (şirket) ya da 11 haneli (TC kimlik no) olmalı'),
    }),
    defaultVatRate: z.union(VAT_RATES.map((r) => z.literal(r)), { error: 'KDV oranı %1, %10 ya da %20 olmalı' }),
    serviceChargePercent: z
      .number({ error: 'Servis ücreti bir sayı olmalı' })
      .min(0, 'Servis ücreti 0 ile 25 arasında olmalı')
      .max(25, 'Servis ücreti 0 ile 25 arasında olmalı'),
    paymentMethods: z.array(paymentMethod).min(1, 'En az bir ödeme yöntemi açık olmalı'),
    mealCardBrands: z.array(z.enum(MEAL_CARD_BRANDS)),
    cancellationReasons: z
      .array(text(REASON_LIMITS.length, 'İptal nedeni').min(1, 'İptal nedeni boş olamaz'))
      .min(1, 'En az bir iptal nedeni olmalı')
      .max(REASON_LIMITS.count, `En fazla ${REASON_LIMITS.count} iptal nedeni olabilir`),
    // A document saved before İkram had its own list reads (and saves) with the defaults.
    compReasons: z
      .array(text(REASON_LIMITS.length, 'İkram nedeni').min(1, 'İkram nedeni boş olamaz'))
      .min(1, 'En az bir ikram nedeni olmalı')
      .max(REASON_LIMITS.count, `En fazla ${REASON_LIMITS.count} ikram nedeni olabilir`)
      .default([...DEFAULT_COMP_REASONS]),
    // A document saved before courses existed reads (and saves) with the defaults.
    courses: z
      .array(courseName)
      .max(COURSE_LIMITS.count, `En fazla ${COURSE_LIMITS.count} servis sırası olabilir`)
      .refine((list) => list.every((c, i) => list.findIndex((d) => sameCourse(c, d)) === i), 'Aynı servis sırası iki kez yazılmış')
      .default([...DEFAULT_COURSES]),
    permissions: z.object({ discount: roleList, comp: roleList, cancel: roleList }),
    kitchenThresholds: z.object({
      warnMinutes: z.number().int().min(1, 'Uyarı süresi en az 1 dakika olmalı').max(240),
      lateMinutes: z.number().int().min(1).max(480, 'Gecikme süresi en fazla 480 dakika olabilir'),
    }),
    /**
     * Online Sipariş Takibi: an order waiting for the owner's answer also rings on the kitchen
     * screen (a banner and a chime until it is answered). A document saved before this reads (and
     * saves) off.
     */
    kitchenRingsForOnlineOrders: z.boolean({ error: 'Mutfak ekranı çalsın mı: açık ya da kapalı olmalı' }).default(false),
    publicMenu: z.object({
      enabled: z.boolean(),
      /** the restaurant's own domain for QR links; empty = the address the app is opened at */
      baseUrl: z
        .string()
        .trim()
        .regex(/^(https?:\/\/[^\s/]+(\/[^\s]*)?)?$/, "Adres 'https://' ile başlayan bir internet adresi olmalı")
        .superRefine(refuseBadCharacters('name', 'Adres')),
    }),
    /**
     * Kurye Takibi's map tiles: an address with {z}, {x} and {y} (e.g. an OpenStreetMap tile server
     * the restaurant may use); empty = no tiles, positions drawn on a plain plan and listed.
     * HTTPS only: the app's Content-Security-Policy lets images come from https: origins (app.ts).
     * A document saved before this existed reads (and saves) empty.
     */
    mapTileUrl: z
      .string()
      .trim()
      .max(300, 'Harita adresi en fazla 300 karakter olabilir')
      .regex(/^(https:\/\/[^\s]*\{z\}[^\s]*)?$/, "Harita adresi 'https://' ile başlamalı ve {z}, {x}, {y} içermeli")
      .superRefine(refuseBadCharacters('name', 'Harita adresi'))
      .default(''),
    /**
     * QR Sipariş: guests order from the table's QR code (on/off), who confirms, and the hours it is
     * open (null = whenever it is on). A document saved before this existed reads (and saves) off.
     */
    qrOrdering: z
      .object({
        enabled: z.boolean({ error: 'QR sipariş açık ya da kapalı olmalı' }),
        confirmBy: z.enum(QR_CONFIRM_BY, { error: "Onay 'waiter' (garson) ya da 'kitchen' (doğrudan mutfak) olmalı" }),
        hours: orderingHours.nullable(),
      })
      .default({ ...DEFAULT_QR_ORDERING }),
    timeZone: z.string().superRefine(refuseBadCharacters('name', 'Saat dilimi')).refine(isTimeZone, 'Geçersiz saat dilimi'),
    businessDayStartHour: z
      .number()
      .int('Gün başlangıç saati tam saat olmalı')
      .min(0, 'Gün başlangıç saati 0 ile 23 arasında olmalı')
      .max(23, 'Gün başlangıç saati 0 ile 23 arasında olmalı'),
  })
  .refine((s) => s.kitchenThresholds.lateMinutes > s.kitchenThresholds.warnMinutes, {
    message: 'Gecikme süresi uyarı süresinden uzun olmalı',
    path: ['kitchenThresholds', 'lateMinutes'],
  })
  .refine((s) => !s.paymentMethods.includes('meal_card') || s.mealCardBrands.length > 0, {
    message: 'Yemek kartı açıkken en az bir marka seçilmeli',
    path: ['mealCardBrands'],
  });
export type RestaurantSettings = z.infer<typeof restaurantSettings>;

export function defaultRestaurantSettings(name: string): RestaurantSettings {
  return {
    profile: { name, address: '', phone: '', taxOffice: '', taxNumber: '' },
    defaultVatRate: 10,
    serviceChargePercent: 0,
    paymentMethods: ['cash', 'card', 'meal_card'],
    mealCardBrands: [...MEAL_CARD_BRANDS],
    cancellationReasons: ['Müşteri vazgeçti', 'Yanlış sipariş', 'Ürün kalmadı', 'Uzun bekleme', 'Ürün beğenilmedi'],
    compReasons: [...DEFAULT_COMP_REASONS],
    courses: [...DEFAULT_COURSES],
    permissions: { discount: ['owner'], comp: ['owner'], cancel: ['owner', 'waiter'] },
    kitchenThresholds: { warnMinutes: 10, lateMinutes: 20 },
    kitchenRingsForOnlineOrders: false,
    publicMenu: { enabled: true, baseUrl: '' },
    mapTileUrl: '',
    qrOrdering: { ...DEFAULT_QR_ORDERING },
    timeZone: DEFAULT_TIME_ZONE,
    businessDayStartHour: DEFAULT_DAY_START_HOUR,
  };
}
