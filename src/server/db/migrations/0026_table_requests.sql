-- QR Sipariş (issue 39): guests order, call the waiter or ask for the bill from the table's QR code.
-- Each table gets its own QR token — 43 base64url characters with at least 244 random bits, never
-- the table's id, so one code cannot be guessed from another — made by the column's default for
-- every existing and new table; a new token (tables module, owner) replaces it and the old printed
-- code stops at once.
-- table_requests keeps every order request and call with what was asked (priced from the menu when
-- it arrived), how it was answered, by whom and the adisyon it went to; `expired` is never written:
-- a request still pending past expires_at reads as expired. Rows stay when their table is deleted
-- (the reports count them); the server's role may not delete them (client.ts).
ALTER TABLE "dining_tables" ADD COLUMN "qr_token" text DEFAULT rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_qr_token_uq" ON "dining_tables" USING btree ("qr_token");--> statement-breakpoint
CREATE TABLE "table_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid,
	"table_name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_kurus" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"ticket_id" uuid,
	"batch_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid
);--> statement-breakpoint
ALTER TABLE "table_requests" ADD CONSTRAINT "table_requests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_requests" ADD CONSTRAINT "table_requests_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_requests" ADD CONSTRAINT "table_requests_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_requests_restaurant_created_idx" ON "table_requests" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "table_requests_table_pending_idx" ON "table_requests" USING btree ("table_id","kind") WHERE "table_requests"."status" = 'pending';
