import { z } from 'zod';
import { optionalTurkishPhone, turkishPhone } from './phone';
import { COURSE_LIMITS, courseName } from './restaurant-settings';
import { multilineText, nameText } from './text';
import { paymentMethod } from './domain/payment-methods';

/**
 * The ticket (adisyon) model shared by table service, the kitchen display and bills (docs/decisions/0007-tickets-lines-and-batches.md).
 * Money is integer kuruş. Literals are written once here; the database stores them as text.
 */

export const TICKET_TYPES = ['table', 'takeaway', 'delivery'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_TYPE_LABELS: Record<TicketType, string> = { table: 'Masa', takeaway: 'Gel-Al', delivery: 'Paket Servis' };

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * A line moves forward only: pending → sent → preparing → ready → served; `cancelled` (İptal, with a
 * reason) from any state once sent — a served dish sent back too; a pending line is deleted instead.
 * The kitchen's recall (Geri Al) is the one way back (ready → preparing).
 */
export const LINE_STATUSES = ['pending', 'sent', 'preparing', 'ready', 'served', 'cancelled'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  pending: 'Gönderilmedi',
  sent: 'Bekliyor',
  preparing: 'Hazırlanıyor',
  ready: 'Hazır',
  served: 'Servis Edildi',
  cancelled: 'İptal',
};

/** A table's state on the floor, derived from its open ticket (colour is never the only signal). */
export const TABLE_STATES = ['free', 'open', 'waiting', 'ready', 'bill'] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const TABLE_STATE_LABELS: Record<TableState, string> = {
  free: 'Boş',
  open: 'Dolu',
  waiting: 'Mutfakta bekliyor',
  ready: 'Servise hazır',
  bill: 'Hesap istendi',
};

export const TABLE_SHAPES = ['square', 'round', 'rectangle'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];
export const TABLE_SHAPE_LABELS: Record<TableShape, string> = { square: 'Kare', round: 'Yuvarlak', rectangle: 'Dikdörtgen' };


export const TICKET_LIMITS = {
  quantity: 999,
  note: 200,
  guests: 99,
  linesPerRequest: 100,
  customerName: 100,
  customerPhone: 30,
  customerAddress: 300,
} as const;

/** A discount on a line or the whole ticket: an amount in kuruş or a whole percentage, with a label. */
export const discount = z
  .object({
    type: z.enum(['amount', 'percent'], { error: "İndirim türü 'amount' (tutar) ya da 'percent' (yüzde) olmalı" }),
    value: z
      .number({ error: 'İndirim bir sayı olmalı' })
      .int('İndirim tam sayı olmalı (kuruş ya da yüzde)')
      .min(1, 'İndirim sıfırdan büyük olmalı; negatif indirim olmaz'),
    label: nameText('İndirim açıklaması', { max: 60 }),
  })
  .refine((d) => d.type !== 'percent' || d.value <= 100, { message: 'İndirim yüzdesi en fazla 100 olabilir', path: ['value'] });
export type Discount = z.infer<typeof discount>;

export const lineOption = z.object({ optionId: z.string().optional(), groupName: z.string().optional(), name: z.string(), price: z.number().int() });
export type LineOption = z.infer<typeof lineOption>;

export const ticketLine = z.object({
  id: z.string(),
  menuItemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** per unit: item + add-ons, snapshotted when the line was added */
  unitPrice: z.number().int(),
  options: z.array(lineOption),
  note: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  station: z.string(),
  vatRate: z.number().int(),
  batchId: z.string().nullable(),
  isComp: z.boolean(),
  discount: discount.nullable(),
  /** unitPrice × quantity (before line adjustments) */
  total: z.number().int(),
  addedAt: z.string(),
  /** what this line costs on the bill after İkram, discounts and its part of the service charge */
  due: z.number().int(),
  compReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** paid by choosing lines: the payment that settled it */
  paymentId: z.string().nullable(),
  /** Servis sırası (Ayarlar's list, e.g. "Ana yemek"); null = none, it goes with the first send */
  course: z.string().nullable(),
  /** sent held: the kitchen sees it ("Bekliyor") but cooks it only when its course is fired */
  isHeld: z.boolean(),
  /** when its held course was fired ("Ana yemek başlat") */
  firedAt: z.string().nullable(),
});
export type TicketLine = z.infer<typeof ticketLine>;

/** The VAT one rate's amount contains (prices include VAT). */
export const vatOfRate = z.object({ rate: z.number().int(), amount: z.number().int(), vat: z.number().int() });

/** The full bill of a ticket (src/shared/bill-math.ts), kuruş. */
export const ticketTotals = z.object({
  /** what the lines would cost, cancelled lines excluded */
  subtotal: z.number().int(),
  /** İkram: complimentary lines, shown and not charged */
  comps: z.number().int(),
  /** gross of cancelled lines (İptal), shown and not charged */
  cancelled: z.number().int(),
  lineDiscounts: z.number().int(),
  ticketDiscount: z.number().int(),
  /** lineDiscounts + ticketDiscount */
  discounts: z.number().int(),
  serviceChargePercent: z.number(),
  serviceCharge: z.number().int(),
  /** per VAT rate, ascending; the VATs add up to `vat` */
  vatByRate: z.array(vatOfRate),
  vat: z.number().int(),
  /** what the guest pays */
  total: z.number().int(),
  paid: z.number().int(),
  /** 0 when paid */
  remaining: z.number().int(),
  /** cash change handed back, all payments */
  change: z.number().int(),
  /** tips, apart from sales */
  tips: z.number().int(),
});
export type TicketTotals = z.infer<typeof ticketTotals>;

/** The bill of a ticket with nothing on it (a new ticket; test data). */
export const EMPTY_TOTALS: TicketTotals = {
  subtotal: 0, comps: 0, cancelled: 0, lineDiscounts: 0, ticketDiscount: 0, discounts: 0, serviceChargePercent: 0,
  serviceCharge: 0, vatByRate: [], vat: 0, total: 0, paid: 0, remaining: 0, change: 0, tips: 0,
};

export const payment = z.object({
  id: z.string(),
  method: paymentMethod,
  /** Yemek Kartı brand */
  brand: z.string().nullable(),
  /** the part of the bill it settles */
  amount: z.number().int(),
  tip: z.number().int(),
  /** cash: handed back */
  change: z.number().int(),
  /** Cari: on whose account */
  customerName: z.string().nullable(),
  /** the lines it paid, when paid by choosing lines */
  lineIds: z.array(z.string()),
  takenBy: z.string().nullable(),
  takenByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

export const ticket = z.object({
  id: z.string(),
  number: z.number().int(),
  type: z.enum(TICKET_TYPES),
  tableId: z.string().nullable(),
  tableName: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  guests: z.number().int().nullable(),
  waiterId: z.string().nullable(),
  waiterName: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string().nullable(), address: z.string().nullable() }).nullable(),
  openedAt: z.string(),
  billRequestedAt: z.string().nullable(),
  /** the table's state on the floor (free only for a closed ticket) */
  state: z.enum(TABLE_STATES),
  version: z.number().int(),
  lines: z.array(ticketLine),
  totals: ticketTotals,
  /** İndirim on the whole ticket */
  discount: discount.nullable(),
  payments: z.array(payment),
  /** given when the ticket is first closed; kept when reopened */
  billNumber: z.number().int().nullable(),
  closedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  type: z.enum(TICKET_TYPES),
  tableId: z.string().nullable(),
  tableName: z.string().nullable(),
  sectionId: z.string().nullable(),
  waiterId: z.string().nullable(),
  waiterName: z.string().nullable(),
  customerName: z.string().nullable(),
  guests: z.number().int().nullable(),
  total: z.number().int(),
  /** what is still to pay: 0 on a paid ticket that is not closed yet (a reopened bill) */
  remaining: z.number().int(),
  openedAt: z.string(),
  state: z.enum(TABLE_STATES),
  version: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

// ------------------------------------------------------------------ requests

const quantity = z
  .number({ error: 'Adet bir sayı olmalı' })
  .int('Adet tam sayı olmalı')
  .min(1, 'Adet en az 1 olmalı')
  .max(TICKET_LIMITS.quantity, `Adet en fazla ${TICKET_LIMITS.quantity} olabilir`);

export const ticketVersion = z
  .number({ error: (i) => (i.input === undefined ? 'Sürüm (version) gerekli' : 'Sürüm (version) bir sayı olmalı') })
  .int('Sürüm (version) tam sayı olmalı')
  .min(1, 'Sürüm (version) en az 1 olmalı');

const guests = z
  .number({ error: 'Kişi sayısı bir sayı olmalı' })
  .int('Kişi sayısı tam sayı olmalı')
  .min(1, 'Kişi sayısı en az 1 olmalı')
  .max(TICKET_LIMITS.guests, `Kişi sayısı en fazla ${TICKET_LIMITS.guests} olabilir`);

export const CUSTOMER_MESSAGES = {
  deliveryPhone: 'Paket serviste telefon zorunludur',
  deliveryAddress: 'Paket serviste adres zorunludur',
} as const;

const customerName = nameText('Müşteri adı', { min: 1, max: TICKET_LIMITS.customerName });
/** A delivery's address: where the courier goes, so never blank. */
const deliveryAddress = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? CUSTOMER_MESSAGES.deliveryAddress : 'Adres metin olmalı') })
  .pipe(multilineText('Adres', { max: TICKET_LIMITS.customerAddress }))
  .refine((address) => address.length > 0, CUSTOMER_MESSAGES.deliveryAddress);

/**
 * Gel-Al: a name, and a phone number if the customer gives one. Paket Servis: a name, a phone the
 * courier can ring and an address. Phone numbers are Turkish and stored as "+905321234567"
 * (src/shared/phone.ts).
 */
export const openTicketRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('table'), tableId: z.string(), guests: guests.optional() }),
  z.object({
    type: z.literal('takeaway'),
    customer: z.object({
      name: customerName,
      phone: optionalTurkishPhone,
      address: multilineText('Adres', { max: TICKET_LIMITS.customerAddress }).optional(),
    }),
  }),
  z.object({
    type: z.literal('delivery'),
    customer: z.object({
      name: customerName,
      phone: turkishPhone(CUSTOMER_MESSAGES.deliveryPhone),
      address: deliveryAddress,
    }),
  }),
], { error: (i) => (i.code === 'invalid_union' ? "Adisyon türü 'table' (masa), 'takeaway' (Gel-Al) ya da 'delivery' (Paket Servis) olmalı" : undefined) });
export type OpenTicketRequest = z.infer<typeof openTicketRequest>;

/** A line's note for the kitchen: refused past the limit (400), never cut to fit. */
export const lineNote = multilineText('Not', { max: TICKET_LIMITS.note });

export const newLine = z.object({
  menuItemId: z.string(),
  quantity,
  optionIds: z.array(z.string()).max(50).optional(),
  note: lineNote.optional(),
  /** one of Ayarlar's courses; absent or null = none */
  course: courseName.nullable().optional(),
});
export type NewLine = z.infer<typeof newLine>;

export const addLinesRequest = z.object({
  version: ticketVersion,
  lines: z.array(newLine).min(1, 'En az bir ürün seçin').max(TICKET_LIMITS.linesPerRequest),
});
export type AddLinesRequest = z.infer<typeof addLinesRequest>;

/** `?version=` of a DELETE (a pending line, an empty ticket). */
export const ticketVersionQuery = z.object({ version: z.coerce.number().pipe(ticketVersion) });

/**
 * Mutfağa Gönder. `holdCourses`: the courses among the pending lines the kitchen should see but not
 * cook yet ("Ana yemek beklet"); each is fired later with POST /tickets/:id/courses/fire.
 */
export const sendRequest = z.object({
  version: ticketVersion,
  holdCourses: z.array(courseName).max(COURSE_LIMITS.count, `En fazla ${COURSE_LIMITS.count} servis sırası bekletilebilir`).optional(),
});
export type SendRequest = z.infer<typeof sendRequest>;
export const sendResponse = z.object({ ticket, batch: z.object({ id: z.string(), lineIds: z.array(z.string()) }) });
export type SendResponse = z.infer<typeof sendResponse>;

export const moveTicketRequest = z.object({ version: ticketVersion, tableId: z.string() });
export const mergeTicketRequest = z.object({ version: ticketVersion, fromTicketId: z.string() });

/** A 409 for "this table already has an open ticket" names it, so the screen can open it instead. */
export const tableOccupiedResponse = z.object({ error: z.string(), ticketId: z.string() });

/** Guests and "Hesap istendi" on an open ticket. */
export const updateTicketRequest = z.object({
  version: ticketVersion,
  guests: guests.optional(),
  billRequested: z.boolean().optional(),
});
export type UpdateTicketRequest = z.infer<typeof updateTicketRequest>;

/** A pending (not yet sent) line's quantity or note; sent lines are cancelled with a reason instead. */
export const updateLineRequest = z.object({
  version: ticketVersion,
  quantity: quantity.optional(),
  note: lineNote.nullable().optional(),
  /** one of Ayarlar's courses, or null for none */
  course: courseName.nullable().optional(),
});
export type UpdateLineRequest = z.infer<typeof updateLineRequest>;

/** Lines (or part of a line's quantity) to another table; a ticket opens there when it has none. */
export const moveLinesRequest = z.object({
  version: ticketVersion,
  tableId: z.string(),
  lines: z
    .array(z.object({ lineId: z.string(), quantity }))
    .min(1, 'Taşınacak en az bir satır seçin')
    .max(TICKET_LIMITS.linesPerRequest),
});
export type MoveLinesRequest = z.infer<typeof moveLinesRequest>;
/** The ticket the lines left (with its new version) and the one they joined. */
export const moveLinesResponse = z.object({ ticket, target: ticket });
export type MoveLinesResponse = z.infer<typeof moveLinesResponse>;

/** The open tickets only: closed bills are the owner's Kapalı Hesaplar (`GET /bills`). */
export const ticketsQuery = z.object({
  status: z.literal('open', { error: "Burada yalnızca açık adisyonlar listelenir (status=open); kapalı hesaplar Kapalı Hesaplar'da" }).default('open'),
});

/** Quick notes offered under a line: one tap adds them. */
export const NOTE_SUGGESTIONS = ['soğansız', 'acısız', 'az pişmiş', 'iyi pişmiş', 'bol soslu', 'sossuz', 'buzsuz', 'paket'] as const;

/** "Ana yemek başlat": the held lines of one course go to the kitchen to be cooked. */
export const fireCourseRequest = z.object({ version: ticketVersion, course: courseName });
export type FireCourseRequest = z.infer<typeof fireCourseRequest>;
/** The ticket as it now is, and the lines that were fired. */
export const fireCourseResponse = z.object({ ticket, course: z.string(), lineIds: z.array(z.string()) });
export type FireCourseResponse = z.infer<typeof fireCourseResponse>;
