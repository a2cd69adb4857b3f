-- The money of an online order as the customer pays it (issue 38): the delivery fee, the discount
-- the restaurant funds (apart from the platform's), what the customer is charged, what must be
-- collected at the door and whether the platform's own courier delivers (and collects).
-- Orders received before keep what they were taken at: no fee, no restaurant discount, the customer
-- pays the stored total, and the door collects it unless it was paid online.
ALTER TABLE "online_orders" ADD COLUMN "delivery_fee_kurus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_orders" ADD COLUMN "restaurant_discount_kurus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_orders" ADD COLUMN "customer_pays_kurus" integer;--> statement-breakpoint
ALTER TABLE "online_orders" ADD COLUMN "collect_at_door_kurus" integer;--> statement-breakpoint
ALTER TABLE "online_orders" ADD COLUMN "platform_courier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "online_orders" SET "customer_pays_kurus" = "total_kurus", "collect_at_door_kurus" = CASE WHEN "payment_method" = 'online' THEN 0 ELSE "total_kurus" END;--> statement-breakpoint
ALTER TABLE "online_orders" ALTER COLUMN "customer_pays_kurus" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "online_orders" ALTER COLUMN "collect_at_door_kurus" SET NOT NULL;
