-- Gün Sonu (end of day), İade (refunds of closed bills) and Kasa (cash movements), issue 23.
-- tickets.business_day: the business day a bill belongs to, set by the server when the bill closes
-- (max(the business day of the server clock, the last closed Gün Sonu day + 1)), so a bill closed
-- after the owner's Gün Sonu belongs to the next day and a closed day never changes. Reports and
-- Kapalı Hesaplar group closed bills by it. Null while the ticket is open.
ALTER TABLE "tickets" ADD COLUMN "business_day" date;--> statement-breakpoint
-- Bills closed before this column existed: the business day of their closed_at on the wall clock of
-- the restaurant's time zone, moved back by its day-start hour (Ayarlar; Europe/Istanbul and 05:00
-- when the owner never saved the settings) — the same rule as src/shared/business-day.ts.
UPDATE "tickets" t SET "business_day" = (
  (t."closed_at" AT TIME ZONE coalesce(s."value"->>'timeZone', 'Europe/Istanbul'))
  - make_interval(hours => coalesce((s."value"->>'businessDayStartHour')::integer, 5))
)::date
FROM "restaurants" r LEFT JOIN "settings" s ON s."restaurant_id" = r."id" AND s."key" = 'general'
WHERE t."restaurant_id" = r."id" AND t."closed_at" IS NOT NULL AND t."business_day" IS NULL;--> statement-breakpoint
CREATE INDEX "tickets_restaurant_business_day_idx" ON "tickets" USING btree ("restaurant_id","business_day");--> statement-breakpoint
-- Kasa: the day's opening float (Kasa açılışı), cash put in (Kasa girişi) and taken out (Kasa
-- çıkışı), each with a reason, in the business day it was entered. Owner only; audited.
CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL CONSTRAINT "cash_movements_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"business_day" date NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('opening', 'in', 'out')),
	"amount_kurus" integer NOT NULL CHECK ("amount_kurus" >= 0),
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "cash_movements_restaurant_day_idx" ON "cash_movements" USING btree ("restaurant_id","business_day");--> statement-breakpoint
-- İade: a refund of (part of) a closed bill, recorded in the business day it was made — never the
-- bill's own day, which may already be closed. The closed bill itself is never changed.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL CONSTRAINT "refunds_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"ticket_id" uuid NOT NULL CONSTRAINT "refunds_ticket_id_tickets_id_fk" REFERENCES "tickets"("id") ON DELETE cascade,
	"business_day" date NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"amount_kurus" integer NOT NULL CHECK ("amount_kurus" > 0),
	"reason" text NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "refunds_restaurant_day_idx" ON "refunds" USING btree ("restaurant_id","business_day");--> statement-breakpoint
CREATE INDEX "refunds_ticket_idx" ON "refunds" USING btree ("ticket_id");--> statement-breakpoint
-- The units of each line a refund gives back, with what the guest actually paid for them (the line's
-- due after İkram and discounts, with its service-charge share, pro rata). amount may be 0 only for
-- units that were paid 0; the refund's amount is the sum of its lines.
CREATE TABLE "refund_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL CONSTRAINT "refund_lines_refund_id_refunds_id_fk" REFERENCES "refunds"("id") ON DELETE cascade,
	"restaurant_id" uuid NOT NULL CONSTRAINT "refund_lines_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"line_id" uuid NOT NULL CONSTRAINT "refund_lines_line_id_ticket_lines_id_fk" REFERENCES "ticket_lines"("id") ON DELETE cascade,
	"menu_item_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL CHECK ("quantity" > 0),
	"amount_kurus" integer NOT NULL CHECK ("amount_kurus" >= 0),
	"vat_rate" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("line_id");--> statement-breakpoint
-- Gün Sonu reports: number gapless per restaurant (max + 1 under the restaurant lock on a table that
-- never loses a row), one per business day, the figures and cash count as closed, who closed it and
-- when (server clock), and its link in the hash chain: the previous Gün Sonu's hash and the last bill
-- hash of the day, so deleting or editing a closed day or one of its bills shows up in verification.
CREATE TABLE "day_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL CONSTRAINT "day_closes_restaurant_id_restaurants_id_fk" REFERENCES "restaurants"("id") ON DELETE cascade,
	"number" integer NOT NULL,
	"business_day" date NOT NULL,
	"first_bill_number" integer,
	"last_bill_number" integer,
	"bill_count" integer NOT NULL,
	"opening_float_kurus" integer NOT NULL,
	"cash_sales_kurus" integer NOT NULL,
	"cash_in_kurus" integer NOT NULL,
	"cash_out_kurus" integer NOT NULL,
	"cash_refunds_kurus" integer NOT NULL,
	"expected_cash_kurus" integer NOT NULL,
	"counted_cash_kurus" integer NOT NULL,
	"difference_kurus" integer NOT NULL,
	"report" jsonb NOT NULL,
	"note" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_bill_hash" text,
	"prev_hash" text,
	"digest" text NOT NULL,
	"hash" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_restaurant_number_uq" ON "day_closes" USING btree ("restaurant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_restaurant_day_uq" ON "day_closes" USING btree ("restaurant_id","business_day");--> statement-breakpoint
-- A Gün Sonu report is immutable, like the audit log: no UPDATE, DELETE or TRUNCATE, except the
-- cascade when the whole restaurant is deleted.
CREATE FUNCTION day_closes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM restaurants WHERE id = OLD.restaurant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'day_closes is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER day_closes_no_update BEFORE UPDATE ON "day_closes" FOR EACH ROW EXECUTE FUNCTION day_closes_append_only();--> statement-breakpoint
CREATE TRIGGER day_closes_no_delete BEFORE DELETE ON "day_closes" FOR EACH ROW EXECUTE FUNCTION day_closes_append_only();--> statement-breakpoint
CREATE TRIGGER day_closes_no_truncate BEFORE TRUNCATE ON "day_closes" FOR EACH STATEMENT EXECUTE FUNCTION day_closes_append_only();
