-- Kurye Takibi (issue 24): the restaurant's couriers, their private links (only a hash of the token
-- is stored), the Paket Servis tickets given to them, their last positions (a short history) and
-- the cash settlements of their shifts. The server's role gets its grants from client.ts after
-- migrating, like every other table.
CREATE TABLE "courier_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"collected_method" text,
	"collected_brand" text,
	"collected_kurus" integer DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"settlement_id" uuid
);--> statement-breakpoint
CREATE TABLE "courier_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "courier_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lng" numeric(9, 6) NOT NULL,
	"accuracy_m" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "courier_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"delivered_count" integer NOT NULL,
	"cash_kurus" integer NOT NULL,
	"card_kurus" integer NOT NULL,
	"meal_card_kurus" integer NOT NULL,
	"settled_by" uuid,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "courier_assignments" ADD CONSTRAINT "courier_assignments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_assignments" ADD CONSTRAINT "courier_assignments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_assignments" ADD CONSTRAINT "courier_assignments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_links" ADD CONSTRAINT "courier_links_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_links" ADD CONSTRAINT "courier_links_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_settlements" ADD CONSTRAINT "courier_settlements_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_assignments_ticket_uq" ON "courier_assignments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "courier_assignments_courier_idx" ON "courier_assignments" USING btree ("courier_id","assigned_at");--> statement-breakpoint
CREATE INDEX "courier_assignments_restaurant_idx" ON "courier_assignments" USING btree ("restaurant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_links_token_hash_uq" ON "courier_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "courier_links_courier_idx" ON "courier_links" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "courier_positions_courier_idx" ON "courier_positions" USING btree ("courier_id","recorded_at");--> statement-breakpoint
CREATE INDEX "courier_settlements_courier_idx" ON "courier_settlements" USING btree ("courier_id","settled_at");--> statement-breakpoint
CREATE INDEX "couriers_restaurant_idx" ON "couriers" USING btree ("restaurant_id");
