CREATE TABLE "kitchen_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"amount_kurus" integer NOT NULL,
	"tip_kurus" integer DEFAULT 0 NOT NULL,
	"change_kurus" integer DEFAULT 0 NOT NULL,
	"customer_name" text,
	"taken_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"batch_id" uuid,
	"menu_item_id" uuid,
	"name" text NOT NULL,
	"unit_price_kurus" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"vat_rate" integer NOT NULL,
	"station" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"preparing_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"served_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"is_comp" boolean DEFAULT false NOT NULL,
	"comp_reason" text,
	"discount" jsonb,
	"payment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"type" text NOT NULL,
	"table_id" uuid,
	"table_name" text,
	"status" text DEFAULT 'open' NOT NULL,
	"guests" integer,
	"waiter_id" uuid,
	"customer_name" text,
	"customer_phone" text,
	"customer_address" text,
	"bill_requested_at" timestamp with time zone,
	"discount" jsonb,
	"service_charge_percent" integer DEFAULT 0 NOT NULL,
	"bill_number" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "approver_user_id" uuid;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "shape" text DEFAULT 'square' NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "y" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "width" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "height" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "rotation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_batches" ADD CONSTRAINT "kitchen_batches_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_batches" ADD CONSTRAINT "kitchen_batches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD CONSTRAINT "ticket_lines_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD CONSTRAINT "ticket_lines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD CONSTRAINT "ticket_lines_batch_id_kitchen_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."kitchen_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD CONSTRAINT "ticket_lines_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_waiter_id_users_id_fk" FOREIGN KEY ("waiter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_batches_restaurant_idx" ON "kitchen_batches" USING btree ("restaurant_id","sent_at");--> statement-breakpoint
CREATE INDEX "kitchen_batches_ticket_idx" ON "kitchen_batches" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "payments_ticket_idx" ON "payments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "payments_restaurant_idx" ON "payments" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_lines_ticket_idx" ON "ticket_lines" USING btree ("ticket_id","sort_order");--> statement-breakpoint
CREATE INDEX "ticket_lines_batch_idx" ON "ticket_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ticket_lines_restaurant_status_idx" ON "ticket_lines" USING btree ("restaurant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_uq" ON "tickets" USING btree ("restaurant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_bill_number_uq" ON "tickets" USING btree ("restaurant_id","bill_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_open_table_uq" ON "tickets" USING btree ("table_id") WHERE status = 'open' and table_id is not null;--> statement-breakpoint
CREATE INDEX "tickets_restaurant_status_idx" ON "tickets" USING btree ("restaurant_id","status");--> statement-breakpoint
CREATE INDEX "tickets_restaurant_closed_idx" ON "tickets" USING btree ("restaurant_id","closed_at");