-- Satış Raporları (issue 23): figures kept by the commands, so a year's report adds up a few
-- thousand per-day rows instead of half a million lines with jsonb discounts run through computeBill.
-- Written in the same transaction as the change (modules/reports/sales-figures.ts): a bill's close
-- adds its figures to its business day, the owner's reopen takes the same figures off again, an İade
-- adds negative figures to the day it was recorded in. Property tests prove the sums equal the raw
-- bills (computeBill) to the kuruş. Grants come from db/client.ts (ALL TABLES) like every other table.
--
-- sales_bills: which closed bills are counted, and in which business day — so a close never counts a
-- bill twice and a reopen takes off exactly the figures its close added (kept in `figures`, so a dish
-- moved to another category in between still comes off the category it was added to).
CREATE TABLE "sales_bills" (
	"ticket_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "sales_bills_ticket_id_tickets_id_fk" REFERENCES "tickets"("id") ON DELETE cascade,
	"restaurant_id" uuid NOT NULL CONSTRAINT "sales_bills_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"business_day" date NOT NULL,
	"figures" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sales_bills_restaurant_day_idx" ON "sales_bills" USING btree ("restaurant_id","business_day");--> statement-breakpoint
-- sales_refunds: the İade rows already counted (a refund is recorded once; never counted twice).
CREATE TABLE "sales_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "sales_refunds_refund_id_refunds_id_fk" REFERENCES "refunds"("id") ON DELETE cascade,
	"restaurant_id" uuid NOT NULL CONSTRAINT "sales_refunds_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"business_day" date NOT NULL
);--> statement-breakpoint
-- sales_day_figures: one row per restaurant, dimension, business day and key, with running sums
-- (bigint: a year of a busy restaurant passes 2^31 kuruş). Dimensions (`dim`):
--   hour     key = hour of the close 0–23 (restaurant's time zone); the day's summary is their sum
--   type     key = table | takeaway | delivery
--   waiter   key = user id ('' = none): sales of the waiter's bills + given_* they gave or approved
--   section  key = section id ('' = Gel-Al / Paket Servis / table gone)
--   item     key = menu item id (or 'name:<name>' without one), extra = category id
--   category key = category id ('' = none)
--   payment  key = method|brand
--   vat      key = rate
-- Sums may go negative for a day (an İade of an earlier day's bill).
CREATE TABLE "sales_day_figures" (
	"restaurant_id" uuid NOT NULL CONSTRAINT "sales_day_figures_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"dim" text NOT NULL,
	"business_day" date NOT NULL,
	"key" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"extra" text DEFAULT '' NOT NULL,
	"bills" bigint DEFAULT 0 NOT NULL,
	"guests" bigint DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"comps" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"cancelled_count" bigint DEFAULT 0 NOT NULL,
	"service_charge" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tips" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"comp_quantity" bigint DEFAULT 0 NOT NULL,
	"cancelled_quantity" bigint DEFAULT 0 NOT NULL,
	"refund_quantity" bigint DEFAULT 0 NOT NULL,
	"payment_count" bigint DEFAULT 0 NOT NULL,
	"given_discounts" bigint DEFAULT 0 NOT NULL,
	"given_comps" bigint DEFAULT 0 NOT NULL,
	"given_cancellations" bigint DEFAULT 0 NOT NULL,
	"given_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_figures_pk" PRIMARY KEY ("restaurant_id","dim","business_day","key")
);--> statement-breakpoint
-- Who gave an İndirim / İkram / İptal on a bill (the close reads the ticket's audit rows) and the
-- İstisnalar list of a period (audit rows of those actions by time) need these two indexes: the
-- audit log grows by every write, so neither may scan a restaurant's whole log.
CREATE INDEX "audit_events_ticket_idx" ON "audit_events" USING btree ("restaurant_id","entity_id") WHERE "entity" = 'ticket';--> statement-breakpoint
CREATE INDEX "audit_events_exceptions_idx" ON "audit_events" USING btree ("restaurant_id","created_at") WHERE "action" IN ('ticket.discount', 'ticket.line.discount', 'ticket.line.comp', 'ticket.line.cancel', 'ticket.reopen');
