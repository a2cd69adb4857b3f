-- Online orders (issue 24): the inbox of every order that does not start at a table (the
-- restaurant's own signed channel, phone orders, later the delivery platforms), and the secret the
-- restaurant's own channel signs with. Written as drizzle-kit generates it for schema.ts.
CREATE TABLE "online_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"type" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_address" text,
	"customer_lat" numeric(9, 6),
	"customer_lng" numeric(9, 6),
	"items" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"payment_brand" text,
	"subtotal_kurus" integer NOT NULL,
	"platform_discount_kurus" integer DEFAULT 0 NOT NULL,
	"total_kurus" integer NOT NULL,
	"note" text,
	"expected_at" timestamp with time zone,
	"prep_minutes" integer,
	"reject_reason" text,
	"reject_note" text,
	"ticket_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_secrets" (
	"restaurant_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"secret" text NOT NULL,
	"rotated_by" uuid,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_secrets_pk" PRIMARY KEY("restaurant_id","channel")
);
--> statement-breakpoint
ALTER TABLE "integration_secrets" ADD CONSTRAINT "integration_secrets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_external_uq" ON "online_orders" USING btree ("restaurant_id","source","external_id");--> statement-breakpoint
CREATE INDEX "online_orders_restaurant_received_idx" ON "online_orders" USING btree ("restaurant_id","received_at");--> statement-breakpoint
CREATE INDEX "online_orders_restaurant_phone_idx" ON "online_orders" USING btree ("restaurant_id","customer_phone");
