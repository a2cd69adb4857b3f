import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** Optimistic locking: a write names the version it read, and loses with 409 if it moved on. */
const version = () => integer('version').notNull().default(1);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const restaurantRef = () =>
  uuid('restaurant_id')
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' });

export const restaurants = pgTable('restaurants', {
  id: id(),
  name: text('name').notNull(),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: restaurantRef(),
    // Plain text, not an enum: memberships imported from older systems may carry other roles and
    // login must answer 'Geçersiz kullanıcı rolü' for them rather than fail to load the row.
    role: text('role').notNull(),
    /** deactivated staff of this restaurant cannot sign in; their sessions are deleted */
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.restaurantId] }), index('memberships_restaurant_idx').on(t.restaurantId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    sortOrder: integer('sort_order').notNull().default(0),
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
    sortOrder: integer('sort_order').notNull().default(0),
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
  sortOrder: integer('sort_order').notNull().default(0),
  version: version(),
  createdAt: createdAt(),
});

export const options = pgTable('options', {
  id: id(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => optionGroups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  priceKurus: integer('price_kurus').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const menuItemOptionGroups = pgTable(
  'menu_item_option_groups',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.groupId] })],
);

export const sections = pgTable('sections', {
  id: id(),
  restaurantId: restaurantRef(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const diningTables = pgTable('dining_tables', {
  id: id(),
  restaurantId: restaurantRef(),
  sectionId: uuid('section_id')
    .notNull()
    .references(() => sections.id),
  name: text('name').notNull(),
  seats: integer('seats').notNull().default(4),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A staff member's own view settings (kitchen / waiter screens), one JSON document per user. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: restaurantRef(),
    value: jsonb('value').notNull(),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Append-only: who did what, before and after, written in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: restaurantRef(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
