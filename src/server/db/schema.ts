import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { openSecret, sealSecret } from '../lib/secret-box';

const id = () => uuid('id').primaryKey().defaultRandom();
/** A secret the server must read back, stored sealed with a key outside the database (lib/secret-box.ts). */
const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => sealSecret(value),
  fromDriver: (value) => openSecret(value),
});
/** Optimistic locking: a write names the version it read, and loses with 409 if it moved on. */
const version = () => integer('version').notNull().default(1);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The owner's order of a list (categories, items, tables, ...): lowest first. */
const sortOrder = () => integer('sort_order').notNull().default(0);
const restaurantRef = () =>
  uuid('restaurant_id')
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' });
/** Rows of a user's own (sign-ins, memberships, preferences) go when the user goes. */
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** A ticket's batches, lines and payments go with the ticket. */
const ticketRef = () =>
  uuid('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' });
/** An option group's options and item links go with the group. */
const optionGroupRef = () =>
  uuid('group_id')
    .notNull()
    .references(() => optionGroups.id, { onDelete: 'cascade' });

export const restaurants = pgTable('restaurants', {
  id: id(),
  name: text('name').notNull(),
  /**
   * The last bill number handed out: the next close takes this + 1 under the restaurant lock. A
   * counter, not max(bill_number) + 1, so a number stays used even if its ticket were ever gone.
   */
  lastBillNumber: integer('last_bill_number').notNull().default(0),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Emails are stored lower-cased by the service; the index makes the rule hold in the database too.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: userRef(),
    restaurantId: restaurantRef(),
    // Plain text, not an enum: memberships imported from older systems may carry other roles and
    // login must answer 'Geçersiz kullanıcı rolü' for them rather than fail to load the row.
    role: text('role').notNull(),
    /** deactivated staff of this restaurant cannot sign in; their sessions are deleted */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The person's PIN for shared devices of this restaurant: a keyed hash (ADR 0009), null = none.
     * Wrong PINs (sign-in and approvals together) count here, so every server instance sees them;
     * at the limit `pin_locked_at` is set and only the owner unlocks it.
     */
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedAt: timestamp('pin_locked_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.restaurantId] }), index('memberships_restaurant_idx').on(t.restaurantId)],
);

/**
 * A counter PC or kitchen tablet the owner registered for PIN sign-in. The browser holds a random
 * token in an HttpOnly cookie; only its SHA-256 is kept. Revoking keeps the row (the audit log names it).
 */
export const sharedDevices = pgTable(
  'shared_devices',
  {
    id: id(),
    restaurantId: restaurantRef(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdByUserId: uuid('created_by_user_id'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('shared_devices_restaurant_idx').on(t.restaurantId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userRef(),
    restaurantId: restaurantRef(),
    // No role here: it is read from the membership on every request, so a demotion applies at once.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Remember-me device tokens: selector looks the row up, only the validator's hash is kept. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    selector: text('selector').primaryKey(),
    validatorHash: text('validator_hash').notNull(),
    userId: userRef(),
    restaurantId: restaurantRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/** One JSON document per restaurant and key ('printer', ...), with a version for optimistic locking. */
export const settings = pgTable(
  'settings',
  {
    restaurantId: restaurantRef(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.key] })],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: id(),
    restaurantId: restaurantRef(),
    icon: text('icon').notNull(),
    name: text('name').notNull(),
    sortOrder: sortOrder(),
    isVisible: boolean('is_visible').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('menu_categories_restaurant_idx').on(t.restaurantId, t.sortOrder)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    restaurantId: restaurantRef(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => menuCategories.id),
    name: text('name').notNull(),
    description: text('description'),
    priceKurus: integer('price_kurus').notNull(),
    vatRate: integer('vat_rate').notNull().default(10),
    sortOrder: sortOrder(),
    isAvailable: boolean('is_available').notNull().default(true),
    station: text('station').notNull().default('Mutfak'),
    /** file name under DATA_DIR/uploads, or null */
    photoPath: text('photo_path'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('menu_items_restaurant_idx').on(t.restaurantId, t.categoryId, t.sortOrder)],
);

export const optionGroups = pgTable('option_groups', {
  id: id(),
  restaurantId: restaurantRef(),
  name: text('name').notNull(),
  isMultiple: boolean('is_multiple').notNull().default(false),
  isRequired: boolean('is_required').notNull().default(false),
  minChoices: integer('min_choices').notNull().default(0),
  maxChoices: integer('max_choices').notNull().default(1),
  sortOrder: sortOrder(),
  version: version(),
  createdAt: createdAt(),
});

export const options = pgTable('options', {
  id: id(),
  groupId: optionGroupRef(),
  name: text('name').notNull(),
  priceKurus: integer('price_kurus').notNull().default(0),
  sortOrder: sortOrder(),
});

export const menuItemOptionGroups = pgTable(
  'menu_item_option_groups',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: optionGroupRef(),
    sortOrder: sortOrder(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.groupId] })],
);

export const sections = pgTable('sections', {
  id: id(),
  restaurantId: restaurantRef(),
  name: text('name').notNull(),
  sortOrder: sortOrder(),
  version: version(),
});

/**
 * A table on the floor plan. Position and size are in plan units (a 1000 × 600 grid per section),
 * so the plan scales to any screen and what Masa Düzeni saves is what the floor view draws.
 */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    restaurantId: restaurantRef(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    sortOrder: sortOrder(),
    /** 'square' | 'round' | 'rectangle' (TABLE_SHAPES in src/shared) */
    shape: text('shape').notNull().default('square'),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    width: integer('width').notNull().default(80),
    height: integer('height').notNull().default(80),
    rotation: integer('rotation').notNull().default(0),
    /**
     * The key of the table's QR code (`/menu/<restaurant>?masa=<token>`, migration 0026): 43
     * base64url characters with at least 244 random bits, made by the database for every new table;
     * a new one (tables module, owner) stops the old printed code at once. Never the table's id, so
     * one code cannot be guessed from another.
     */
    qrToken: text('qr_token')
      .notNull()
      .default(sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`),
    version: version(),
  },
  (t) => [uniqueIndex('dining_tables_qr_token_uq').on(t.qrToken)],
);

/**
 * A ticket (adisyon): a table's open bill, or a Gel-Al / Paket Servis order. docs/decisions/0007-tickets-lines-and-batches.md.
 * Kitchen progress never bumps `version`: it changes line statuses, not what was ordered, so a
 * waiter's edit never fails because the kitchen moved on.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    restaurantId: restaurantRef(),
    /** running number per restaurant (max + 1 under the restaurant lock: gapless) */
    number: integer('number').notNull(),
    /** 'table' | 'takeaway' | 'delivery' (TICKET_TYPES in src/shared) */
    type: text('type').notNull(),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /** the table's name when placed (open, move, merge), kept for closed bills and the kitchen */
    tableName: text('table_name'),
    /** 'open' | 'closed' */
    status: text('status').notNull().default('open'),
    guests: integer('guests'),
    waiterId: uuid('waiter_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address'),
    billRequestedAt: timestamp('bill_requested_at', { withTimezone: true }),
    /** ticket-level discount: { type: 'amount' | 'percent', value, label } */
    discount: jsonb('discount'),
    /** service charge percent applied at this ticket (from Ayarlar at opening; 0 = removed; Ayarlar allows 12.5) */
    serviceChargePercent: numeric('service_charge_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** gapless per restaurant, given when the ticket is first closed */
    billNumber: integer('bill_number'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    /**
     * The bill's link in its restaurant's hash chain (modules/audit-chain): the SHA-256 of what the
     * close sealed (number, ticket, closed-at, totals, payments), the previous bill's hash and this
     * bill's own. Set when a bill closes; null on bills closed before the chain existed.
     */
    billDigest: text('bill_digest'),
    billPrevHash: text('bill_prev_hash'),
    billHash: text('bill_hash'),
    /**
     * The business day the bill belongs to (migration 0012): set by the server when the bill closes,
     * max(business day of the server clock, last closed Gün Sonu day + 1); null while open.
     */
    businessDay: date('business_day', { mode: 'string' }),
    version: version(),
  },
  (t) => [
    uniqueIndex('tickets_number_uq').on(t.restaurantId, t.number),
    uniqueIndex('tickets_bill_number_uq').on(t.restaurantId, t.billNumber),
    // one open ticket per table, enforced by the database too
    uniqueIndex('tickets_open_table_uq').on(t.tableId).where(sql`status = 'open' and table_id is not null`),
    index('tickets_restaurant_status_idx').on(t.restaurantId, t.status),
    index('tickets_restaurant_closed_idx').on(t.restaurantId, t.closedAt),
    index('tickets_restaurant_business_day_idx').on(t.restaurantId, t.businessDay),
  ],
);

/** One "Mutfağa Gönder": the pending lines of a ticket at that moment, sent once. */
export const kitchenBatches = pgTable(
  'kitchen_batches',
  {
    id: id(),
    restaurantId: restaurantRef(),
    ticketId: ticketRef(),
    /** 1 for the first send of the ticket; > 1 is an addition (ek sipariş) */
    sequence: integer('sequence').notNull(),
    sentBy: uuid('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the "no kitchen screen has received this batch" alert went out (30 s after sending);
     * set once, so several server instances never alert twice.
     */
    unacknowledgedAlertAt: timestamp('unacknowledged_alert_at', { withTimezone: true }),
  },
  (t) => [
    index('kitchen_batches_restaurant_idx').on(t.restaurantId, t.sentAt),
    index('kitchen_batches_ticket_idx').on(t.ticketId),
    // the alert sweep looks only at batches not yet alerted
    index('kitchen_batches_unalerted_idx').on(t.sentAt).where(sql`unacknowledged_alert_at is null`),
  ],
);

/**
 * A kitchen screen received a batch: one row per batch and station (a screen showing every station
 * acknowledges each station of the batch it shows). A batch some station has not received 30 s
 * after sending alerts its waiter and the owner.
 */
export const kitchenAcks = pgTable(
  'kitchen_acks',
  {
    restaurantId: restaurantRef(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => kitchenBatches.id, { onDelete: 'cascade' }),
    station: text('station').notNull(),
    acknowledgedBy: uuid('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.station] })],
);

/**
 * A line snapshots what was ordered: name, unit price (item + option add-ons, kuruş), options,
 * VAT rate and station at the moment it was added; menu changes never touch it. Cancelling or
 * comping part of a quantity splits the line, so every line has exactly one status.
 */
export const ticketLines = pgTable(
  'ticket_lines',
  {
    id: id(),
    restaurantId: restaurantRef(),
    ticketId: ticketRef(),
    batchId: uuid('batch_id').references(() => kitchenBatches.id),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** item price + every chosen option's add-on, per unit, kuruş */
    unitPriceKurus: integer('unit_price_kurus').notNull(),
    /** [{ optionId, groupName, name, priceKurus }] */
    options: jsonb('options').notNull().default([]),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    vatRate: integer('vat_rate').notNull(),
    station: text('station').notNull(),
    /** 'pending' | 'sent' | 'preparing' | 'ready' | 'served' | 'cancelled' (LINE_STATUSES) */
    status: text('status').notNull().default('pending'),
    sortOrder: sortOrder(),
    addedBy: uuid('added_by'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    preparingAt: timestamp('preparing_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    servedAt: timestamp('served_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** İkram: the line is complimentary (its amount is shown, not charged) */
    isComp: boolean('is_comp').notNull().default(false),
    compReason: text('comp_reason'),
    /** line-level discount: { type: 'amount' | 'percent', value, label } */
    discount: jsonb('discount'),
    /** the payment that settled this line when paid by choosing lines */
    paymentId: uuid('payment_id'),
    /**
     * Servis sırası: one of the restaurant's courses (Ayarlar, e.g. "Ana yemek"); null = no course,
     * it goes with the first send. A held line was sent (the kitchen sees it, "Bekliyor") but is not
     * to be cooked until the waiter fires its course: `is_held` until then, `fired_at` from then.
     * Kept on the line, not the batch: one Mutfağa Gönder carries starters to cook and mains to hold.
     */
    course: text('course'),
    isHeld: boolean('is_held').notNull().default(false),
    firedAt: timestamp('fired_at', { withTimezone: true }),
  },
  (t) => [
    index('ticket_lines_ticket_idx').on(t.ticketId, t.sortOrder),
    index('ticket_lines_batch_idx').on(t.batchId),
    index('ticket_lines_restaurant_status_idx').on(t.restaurantId, t.status),
  ],
);

/** Money received for a ticket. Tips are recorded apart from sales. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    restaurantId: restaurantRef(),
    ticketId: ticketRef(),
    /** 'cash' | 'card' | 'meal_card' | 'online' | 'account' (PAYMENT_METHODS) */
    method: text('method').notNull(),
    /** meal-card brand (Multinet, Pluxee, ...) */
    brand: text('brand'),
    /** the part of the bill this payment settles, kuruş */
    amountKurus: integer('amount_kurus').notNull(),
    tipKurus: integer('tip_kurus').notNull().default(0),
    /** cash only: handed over minus amount */
    changeKurus: integer('change_kurus').notNull().default(0),
    /** Cari: on whose account */
    customerName: text('customer_name'),
    takenBy: uuid('taken_by'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_ticket_idx').on(t.ticketId), index('payments_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/** A staff member's own view settings (kitchen / waiter screens), one JSON document per user. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: userRef(),
    restaurantId: restaurantRef(),
    value: jsonb('value').notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.restaurantId] })],
);

/**
 * Replays of POSTs sent with an Idempotency-Key: the first answer is stored and given again, so a
 * retried request (a dropped connection, a double tap) never creates a second record.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    restaurantId: restaurantRef(),
    key: text('key').notNull(),
    userId: uuid('user_id').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being handled */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /** the server process (random id per start) handling the request while status_code is null */
    ownerBootId: text('owner_boot_id'),
    /** the owner renews this while it works; past it, the claim is abandoned and a retry takes over */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** set in the command's own transaction: the change committed, so a retry must never run it again */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    // the lease renewal every 10 s looks for this process's unanswered claims: a handful, among a
    // day's answered keys (hundreds of thousands on a busy server), found without a scan
    index('idempotency_keys_in_progress_idx').on(t.ownerBootId).where(sql`${t.statusCode} is null`),
  ],
);

/** Append-only: who did what, before and after, written in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: restaurantRef(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    /** who approved on the spot (an owner's password on a waiter's device), when not the actor */
    approverUserId: uuid('approver_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
    /**
     * The row's link in its restaurant's hash chain (modules/audit-chain): 1..n per restaurant
     * without gaps, the previous row's hash and this row's SHA-256 (hex). Rows written before the
     * chain existed have a seq but no hashes.
     */
    seq: integer('seq'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_restaurant_idx').on(t.restaurantId, t.createdAt),
    uniqueIndex('audit_events_restaurant_seq_uq').on(t.restaurantId, t.seq),
    // sales reports (migration 0013): who gave a bill's İndirim / İkram / İptal, and the İstisnalar of a period
    index('audit_events_ticket_idx').on(t.restaurantId, t.entityId).where(sql`${t.entity} = 'ticket'`),
    index('audit_events_exceptions_idx')
      .on(t.restaurantId, t.createdAt)
      .where(sql`${t.action} IN ('ticket.discount', 'ticket.line.discount', 'ticket.line.comp', 'ticket.line.cancel', 'ticket.reopen')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Gün Sonu, İade and Kasa (issue 23, engineer G; migration 0012_day_close_refunds_cash).
// ---------------------------------------------------------------------------------------------

/** Kasa: opening float (Kasa açılışı), cash in (Kasa girişi) and out (Kasa çıkışı) of a business day. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: id(),
    restaurantId: restaurantRef(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    /** 'opening' | 'in' | 'out' (CASH_MOVEMENT_KINDS in src/shared/day-close-contract.ts) */
    kind: text('kind').notNull(),
    amountKurus: integer('amount_kurus').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('cash_movements_restaurant_day_idx').on(t.restaurantId, t.businessDay)],
);

/** İade: a refund of (part of) a closed bill, in the business day it was recorded (never the bill's). */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    restaurantId: restaurantRef(),
    ticketId: ticketRef(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    /** one of PAYMENT_METHODS */
    method: text('method').notNull(),
    brand: text('brand'),
    /** the sum of its lines' amounts, > 0 */
    amountKurus: integer('amount_kurus').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    /** the owner who approved it */
    approvedBy: uuid('approved_by'),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_restaurant_day_idx').on(t.restaurantId, t.businessDay), index('refunds_ticket_idx').on(t.ticketId)],
);

/** The units of one bill line an İade gives back and what the guest had paid for them. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: id(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    restaurantId: restaurantRef(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => ticketLines.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** the line's due (after İkram and discounts, with its service-charge share) pro rata, kuruş */
    amountKurus: integer('amount_kurus').notNull(),
    vatRate: integer('vat_rate').notNull(),
  },
  (t) => [index('refund_lines_refund_idx').on(t.refundId), index('refund_lines_line_idx').on(t.lineId)],
);

/**
 * Gün Sonu reports: immutable (trigger), number gapless per restaurant, one per business day,
 * hash-chained to the previous Gün Sonu and to the last bill hash of the day (modules/day-close).
 */
export const dayCloses = pgTable(
  'day_closes',
  {
    id: id(),
    restaurantId: restaurantRef(),
    number: integer('number').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    firstBillNumber: integer('first_bill_number'),
    lastBillNumber: integer('last_bill_number'),
    billCount: integer('bill_count').notNull(),
    openingFloatKurus: integer('opening_float_kurus').notNull(),
    cashSalesKurus: integer('cash_sales_kurus').notNull(),
    cashInKurus: integer('cash_in_kurus').notNull(),
    cashOutKurus: integer('cash_out_kurus').notNull(),
    cashRefundsKurus: integer('cash_refunds_kurus').notNull(),
    expectedCashKurus: integer('expected_cash_kurus').notNull(),
    countedCashKurus: integer('counted_cash_kurus').notNull(),
    differenceKurus: integer('difference_kurus').notNull(),
    /** the whole report as closed (summary figures, payments, carried adisyons, movements) */
    report: jsonb('report').notNull(),
    note: text('note'),
    closedBy: uuid('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    lastBillHash: text('last_bill_hash'),
    prevHash: text('prev_hash'),
    digest: text('digest').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('day_closes_restaurant_number_uq').on(t.restaurantId, t.number),
    uniqueIndex('day_closes_restaurant_day_uq').on(t.restaurantId, t.businessDay),
  ],
);

// ------------------------------------------------------------------ Reçete Raporu: recipes & stock (issue 23, engineer R, migration 0014)
// Quantities are integer thousandths of the base unit (g, ml, adet; src/shared/units.ts) in bigint,
// so kg↔g and l↔ml convert exactly and a year of stock never overflows.

/** Malzeme: what the kitchen buys and the recipes use. `unit_cost` is kuruş per one `unit`. */
export const ingredients = pgTable(
  'ingredients',
  {
    id: id(),
    restaurantId: restaurantRef(),
    name: text('name').notNull(),
    /** 'g' | 'kg' | 'ml' | 'l' | 'adet' (UNITS): the unit of the stock and of the unit cost */
    unit: text('unit').notNull(),
    /** kuruş per one `unit`; a weighted average after each Alış (six decimals kept) */
    unitCost: numeric('unit_cost', { precision: 20, scale: 6, mode: 'number' }).notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('ingredients_restaurant_idx').on(t.restaurantId)],
);

/** Alış (purchase) and Sayım (count) of an ingredient, at the server's clock. Never updated. */
export const ingredientMovements = pgTable(
  'ingredient_movements',
  {
    id: id(),
    restaurantId: restaurantRef(),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    /** 'purchase' | 'count' */
    kind: text('kind').notNull(),
    /** bought, or counted on the shelf: thousandths of the base unit */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    /** what the purchase cost in all (kuruş); null for a count */
    totalKurus: integer('total_kurus'),
    /** the quantity and unit as typed, for the history */
    enteredQuantity: text('entered_quantity').notNull(),
    enteredUnit: text('entered_unit').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('ingredient_movements_ingredient_idx').on(t.ingredientId, t.at)],
);

/**
 * One version of a dish's or an option's recipe, in force from `valid_from` until `valid_to` (null:
 * still in force). A change closes the version and starts a new one; rows are never rewritten, so
 * a line sent last month is costed with the recipe of last month (matched on its batch's sent_at).
 */
export const recipes = pgTable(
  'recipes',
  {
    id: id(),
    restaurantId: restaurantRef(),
    /** exactly one of the two: the dish's recipe, or an option's (cascade: a deleted dish has no future use) */
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').references(() => options.id, { onDelete: 'cascade' }),
    /** 1, 2, ... per dish or option */
    version: integer('version').notNull(),
    /** options: 'add' | 'scale' | 'replace' (RECIPE_MODES); a dish's is 'add' */
    mode: text('mode').notNull().default('add'),
    /** 'scale': the dish's recipe × factor, in thousandths (1,5 → 1500) */
    factorMilli: integer('factor_milli'),
    factorText: text('factor_text'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('recipes_restaurant_idx').on(t.restaurantId, t.validFrom),
    uniqueIndex('recipes_item_version_uq').on(t.menuItemId, t.version),
    uniqueIndex('recipes_option_version_uq').on(t.optionId, t.version),
  ],
);

/** An ingredient of a recipe version: per unit sold, thousandths of the base unit. */
export const recipeLines = pgTable(
  'recipe_lines',
  {
    id: id(),
    restaurantId: restaurantRef(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    enteredQuantity: text('entered_quantity').notNull(),
    enteredUnit: text('entered_unit').notNull(),
    /** an option that takes the ingredient out of the dish ("Soğansız") */
    isRemoved: boolean('is_removed').notNull().default(false),
    sortOrder: sortOrder(),
  },
  (t) => [index('recipe_lines_recipe_idx').on(t.recipeId)],
);

// ------------------------------------------------------------------ Satış Raporları: figures kept by the commands (issue 23, engineer S1, migration 0013)
// Written by src/server/modules/reports/sales-figures.ts in the same transaction as a bill's close,
// the owner's reopen and an İade; the report adds up these per-day rows instead of the raw lines.

/** A closed bill whose figures are counted: its business day and exactly the rows its close added. */
export const salesBills = pgTable(
  'sales_bills',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    restaurantId: restaurantRef(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** its figures include Reçete Raporu's (migration 0016); older rows get them at start-up */
    hasRecipeFigures: boolean('has_recipe_figures').notNull().default(false),
  },
  (t) => [index('sales_bills_restaurant_day_idx').on(t.restaurantId, t.businessDay)],
);

/** An İade already counted in its day's figures. */
export const salesRefunds = pgTable('sales_refunds', {
  refundId: uuid('refund_id')
    .primaryKey()
    .references(() => refunds.id, { onDelete: 'cascade' }),
  restaurantId: restaurantRef(),
  businessDay: date('business_day', { mode: 'string' }).notNull(),
});

const salesSum = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** Running sums per restaurant, dimension (hour, type, waiter, section, item, category, payment, vat), business day and key. */
export const salesDayFigures = pgTable(
  'sales_day_figures',
  {
    restaurantId: restaurantRef(),
    dim: text('dim').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    label: text('label').notNull().default(''),
    extra: text('extra').notNull().default(''),
    bills: salesSum('bills'),
    guests: salesSum('guests'),
    gross: salesSum('gross'),
    discounts: salesSum('discounts'),
    comps: salesSum('comps'),
    cancelled: salesSum('cancelled'),
    cancelledCount: salesSum('cancelled_count'),
    serviceCharge: salesSum('service_charge'),
    refunds: salesSum('refunds'),
    net: salesSum('net'),
    tips: salesSum('tips'),
    vat: salesSum('vat'),
    quantity: salesSum('quantity'),
    compQuantity: salesSum('comp_quantity'),
    cancelledQuantity: salesSum('cancelled_quantity'),
    refundQuantity: salesSum('refund_quantity'),
    paymentCount: salesSum('payment_count'),
    givenDiscounts: salesSum('given_discounts'),
    givenComps: salesSum('given_comps'),
    givenCancellations: salesSum('given_cancellations'),
    givenCount: salesSum('given_count'),
  },
  (t) => [primaryKey({ name: 'sales_day_figures_pk', columns: [t.restaurantId, t.dim, t.businessDay, t.key] })],
);

// ---- online orders (migration 0015) ----

/**
 * Online Sipariş Takibi (issue 24): every order that does not start at a table — the restaurant's
 * own channel ('sofra'), a phone order typed in by staff ('phone'), later the delivery platforms.
 * The order keeps what was sent (customer, items with names and prices in kuruş, payment) as it
 * arrived; accepting it opens a Paket Servis / Gel-Al ticket (`ticket_id`) that the kitchen follows.
 * One order per (restaurant, source, external id): a resent order finds the first one.
 */
export const onlineOrders = pgTable(
  'online_orders',
  {
    id: id(),
    restaurantId: restaurantRef(),
    /** ONLINE_ORDER_SOURCES in src/shared/online-orders-contract.ts */
    source: text('source').notNull(),
    /** the sender's order number (a platform's order id; generated for phone orders) */
    externalId: text('external_id').notNull(),
    /** ONLINE_ORDER_STATUSES; preparing / ready are read from the ticket's lines (online-orders-read.service.ts) */
    status: text('status').notNull().default('new'),
    /** 'delivery' | 'takeaway' */
    type: text('type').notNull(),
    customerName: text('customer_name').notNull(),
    /** canonical "+905321234567" */
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address'),
    customerLat: numeric('customer_lat', { precision: 9, scale: 6, mode: 'number' }),
    customerLng: numeric('customer_lng', { precision: 9, scale: 6, mode: 'number' }),
    /** [{ menuItemId, name, quantity, unitPriceKurus, options, note, vatRate, station }] as priced on arrival */
    items: jsonb('items').notNull(),
    /** 'online' | 'cash' | 'card' | 'meal_card' */
    paymentMethod: text('payment_method').notNull(),
    paymentBrand: text('payment_brand'),
    subtotalKurus: integer('subtotal_kurus').notNull(),
    /** the platform's own discount, kept apart from the restaurant's discounts */
    platformDiscountKurus: integer('platform_discount_kurus').notNull().default(0),
    /** what the food costs after both discounts: subtotal − platform's − restaurant's discount */
    totalKurus: integer('total_kurus').notNull(),
    /** the delivery (and packaging) fee the customer pays on top of the food (migration 0028) */
    deliveryFeeKurus: integer('delivery_fee_kurus').notNull().default(0),
    /** the discount the restaurant funds (its own campaign on the platform): comes off its revenue */
    restaurantDiscountKurus: integer('restaurant_discount_kurus').notNull().default(0),
    /** what the customer is charged: total + delivery fee */
    customerPaysKurus: integer('customer_pays_kurus').notNull(),
    /** what is taken at the door (cash or card); 0 when paid online */
    collectAtDoorKurus: integer('collect_at_door_kurus').notNull(),
    /** the platform's own courier delivers and collects: none of the door money reaches our couriers */
    platformCourier: boolean('platform_courier').notNull().default(false),
    note: text('note'),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    /** the customer asked for it later (a pre-order): it waits to reach the kitchen (migration 0029) */
    isScheduled: boolean('is_scheduled').notNull().default(false),
    prepMinutes: integer('prep_minutes'),
    /** REJECT_REASONS, with the owner's words in reject_note */
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** a platform's test order (migration 0019): shown in the inbox, never sent to the kitchen */
    isTest: boolean('is_test').notNull().default(false),
    /** SHA-256 of the order as it arrived (migration 0025): a resend must say the same (online-order-insert.ts) */
    bodyHash: text('body_hash'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('online_orders_external_uq').on(t.restaurantId, t.source, t.externalId),
    index('online_orders_restaurant_received_idx').on(t.restaurantId, t.receivedAt),
    index('online_orders_restaurant_phone_idx').on(t.restaurantId, t.customerPhone),
    // every command that touched tickets asks whether one is a platform's order (platform-follow.ts)
    index('online_orders_ticket_idx').on(t.ticketId),
  ],
);

/**
 * The secret a restaurant's own channel signs its requests with (HMAC-SHA256). Sealed, not hashed
 * (lib/secret-box.ts): the server needs it to compute the signature, and the owner reads it on
 * Online Sipariş Takibi. Rotating replaces the row, so the old secret stops at once.
 */
export const integrationSecrets = pgTable(
  'integration_secrets',
  {
    restaurantId: restaurantRef(),
    /** 'sofra' (the restaurant's own channel) */
    channel: text('channel').notNull(),
    secret: sealedText('secret').notNull(),
    rotatedBy: uuid('rotated_by'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'integration_secrets_pk', columns: [t.restaurantId, t.channel] })],
);

/**
 * A delivery platform's connection for one restaurant (issue 24, migration 0019): on/off, the
 * credentials of the platform's own mechanism (webhook secret / x-api-key we check on their calls;
 * client id + secret or api key + secret for our calls), the platform's base URL (tests point it at
 * a fake server), the restaurant's code on the platform, and the product map (platform product code
 * → Sofra dish id). An unknown code stays unmapped on the order, never dropped.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    restaurantId: restaurantRef(),
    /** 'yemeksepeti' | 'getir' | 'trendyol' */
    platform: text('platform').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** what the platform proves itself with on its webhooks (JWT secret / x-api-key / basic secret) */
    webhookSecret: sealedText('webhook_secret').notNull(),
    /** our credentials on the platform (client id / app key / api key) and its secret */
    clientId: text('client_id').notNull().default(''),
    clientSecret: sealedText('client_secret').notNull().default(''),
    /** the restaurant's own code on the platform (vendor id / restaurant id / supplier id) */
    remoteCode: text('remote_code').notNull().default(''),
    /** Yemeksepeti: Delivery Hero's chain code, with remote_code (the POS vendor id) naming the vendor (migration 0030) */
    chainCode: text('chain_code').notNull().default(''),
    /** Trendyol: the branch (store id) under the supplier that Yoğunuz closes */
    storeId: text('store_id').notNull().default(''),
    /** Trendyol: the e-mail its order calls name as the person acting (x-executor-user) */
    executorUser: text('executor_user').notNull().default(''),
    baseUrl: text('base_url').notNull(),
    /** { [platform product code]: Sofra menu item id } */
    productMap: jsonb('product_map').notNull().default({}),
    /** auto-accept: the preparation time (5..120 minutes) a fully mapped order is accepted with; null = off */
    autoAcceptMinutes: integer('auto_accept_minutes'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'platform_connections_pk', columns: [t.restaurantId, t.platform] })],
);

/**
 * When a platform that sends no webhook (Trendyol) is next asked for its orders, per connection:
 * the server that moves `next_poll_at` on first polls, so two servers on one database never ask
 * twice (migration 0031). `since` is where the next look for withdrawn orders starts; `failures`
 * doubles the wait after each failed poll. Kept apart from platform_connections so a poll never
 * touches the owner's settings row.
 */
export const platformPollLeases = pgTable(
  'platform_poll_leases',
  {
    restaurantId: uuid('restaurant_id').notNull(),
    platform: text('platform').notNull(),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull(),
    since: timestamp('since', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'platform_poll_leases_pk', columns: [t.restaurantId, t.platform] }),
    foreignKey({ name: 'platform_poll_leases_connection_fk', columns: [t.restaurantId, t.platform], foreignColumns: [platformConnections.restaurantId, platformConnections.platform] }).onDelete('cascade'),
  ],
);

/**
 * The durable outbox of calls to the platforms (ADR 0011): written in the same transaction as the
 * change (accept / reject / ...), sent after commit, retried with backoff after a failure or a
 * restart. `attempt_log` keeps every attempt ({at, ok, status, error}); 'failing' is shown on the order.
 */
export const platformOutbox = pgTable(
  'platform_outbox',
  {
    id: id(),
    restaurantId: restaurantRef(),
    orderId: uuid('order_id').references(() => onlineOrders.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** 'accept' | 'reject' | 'ready' | 'picked_up' | 'delivered' | 'pause' */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'sent' | 'failing' (pending with an error; still retried) | 'dead' (gave up) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    attemptLog: jsonb('attempt_log').notNull().default([]),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('platform_outbox_due_idx').on(t.status, t.nextAttemptAt), index('platform_outbox_order_idx').on(t.orderId)],
);

// ---- end online orders ----

// ---- couriers (migration 0016) ----

/** Kurye Takibi (issue 24): the restaurant's own couriers. Deactivated, never deleted (their trips stay). */
export const couriers = pgTable(
  'couriers',
  {
    id: id(),
    restaurantId: restaurantRef(),
    name: text('name').notNull(),
    /** E.164 ("+905321234567"), as every phone in Sofra */
    phone: text('phone').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('couriers_restaurant_idx').on(t.restaurantId)],
);

/**
 * A courier's private link (/kurye/<token>): only the SHA-256 of the token is kept, so the database
 * never holds a working link. A new link revokes the courier's earlier ones.
 */
export const courierLinks = pgTable(
  'courier_links',
  {
    id: id(),
    restaurantId: restaurantRef(),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courier_links_token_hash_uq').on(t.tokenHash), index('courier_links_courier_idx').on(t.courierId)],
);

/**
 * A Paket Servis ticket given to a courier. One row per ticket (reassigning moves it while it is not
 * picked up); the tickets given in one go share a trip id. What the courier collected is kept here
 * for the cash settlement; the money itself is the ticket's payment.
 */
export const courierAssignments = pgTable(
  'courier_assignments',
  {
    id: id(),
    restaurantId: restaurantRef(),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    ticketId: ticketRef(),
    tripId: uuid('trip_id').notNull(),
    /** 'assigned' | 'picked_up' | 'delivered' (ASSIGNMENT_STATUSES) */
    status: text('status').notNull().default('assigned'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** 'cash' | 'card' | 'meal_card' when the courier took the payment at the door */
    collectedMethod: text('collected_method'),
    collectedBrand: text('collected_brand'),
    collectedKurus: integer('collected_kurus').notNull().default(0),
    paymentId: uuid('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the cash settlement that took this delivery's money over; null until then */
    settlementId: uuid('settlement_id'),
  },
  (t) => [
    uniqueIndex('courier_assignments_ticket_uq').on(t.ticketId),
    index('courier_assignments_courier_idx').on(t.courierId, t.assignedAt),
    index('courier_assignments_restaurant_idx').on(t.restaurantId, t.status),
  ],
);

/** The courier's last positions (a short history: the newest few per courier are kept). */
export const courierPositions = pgTable(
  'courier_positions',
  {
    id: id(),
    restaurantId: restaurantRef(),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    lat: numeric('lat', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    lng: numeric('lng', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    /** metres, as the phone reported it */
    accuracyM: integer('accuracy_m').notNull(),
    /** the phone's time of the fix, never later than its arrival */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courier_positions_courier_idx').on(t.courierId, t.recordedAt)],
);

/** Kurye hesabı: what one courier collected since their last settlement, handed over and settled at once. */
export const courierSettlements = pgTable(
  'courier_settlements',
  {
    id: id(),
    restaurantId: restaurantRef(),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    deliveredCount: integer('delivered_count').notNull(),
    cashKurus: integer('cash_kurus').notNull(),
    cardKurus: integer('card_kurus').notNull(),
    mealCardKurus: integer('meal_card_kurus').notNull(),
    settledBy: uuid('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courier_settlements_courier_idx').on(t.courierId, t.settledAt)],
);

// ---- end couriers ----

// ---- shared sign-in limits (ADR 0012) ----

/**
 * Password attempts of the sign-in door when several server processes share one PostgreSQL: each
 * process counting on its own would let a guesser try the limit once per process. `key` is a hash
 * of "account:<email>", "ip:<address>" or "device:<id>" (no email or address is stored); a row is
 * an attempt still being checked (pending) or a wrong password, and leaves after the window.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    pending: boolean('pending').notNull().default(true),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

// ---- QR Sipariş (issue 39, migration 0026) ----

/**
 * A guest's order request or call from a table's QR code (modules/table-requests). An order keeps
 * its lines as priced from the menu when it arrived; accepting it adds them to the table's adisyon
 * as a new round (`ticket_id`, `batch_id`: the kitchen batch it went in). `expired` is never
 * written: a request still pending past `expires_at` reads as expired. The table's name is kept, so
 * a deleted table's requests still read (and count in reports).
 */
export const tableRequests = pgTable(
  'table_requests',
  {
    id: id(),
    restaurantId: restaurantRef(),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    tableName: text('table_name').notNull(),
    /** 'order' | 'waiter' | 'bill' (TABLE_REQUEST_KINDS) */
    kind: text('kind').notNull(),
    /** 'pending' | 'accepted' | 'rejected' (a call acknowledged is accepted) */
    status: text('status').notNull().default('pending'),
    /** [{ menuItemId, name, quantity, unitPriceKurus, options, note }] as priced on arrival */
    lines: jsonb('lines').notNull().default([]),
    itemCount: integer('item_count').notNull().default(0),
    totalKurus: integer('total_kurus').notNull().default(0),
    /** the rejection's reason, shown to the guest */
    reason: text('reason'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by'),
  },
  (t) => [
    index('table_requests_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    // a new order counts the table's waiting ones; a call looks for one already waiting
    index('table_requests_table_pending_idx').on(t.tableId, t.kind).where(sql`${t.status} = 'pending'`),
  ],
);

// ---- end QR Sipariş ----
