-- Whether the customer asked for the order at a later time (a pre-order), apart from the time a
-- platform merely expects it (Yemeksepeti sends its expected delivery time with every order): only a
-- scheduled order waits to reach the kitchen (modules/online-orders/scheduled-orders.ts). Before,
-- Getir sent a time only for its scheduled orders, and the own channel and phone orders only when a
-- time was asked for.
ALTER TABLE "online_orders" ADD COLUMN "is_scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "online_orders" SET "is_scheduled" = true WHERE "expected_at" IS NOT NULL AND "source" IN ('getir', 'sofra', 'phone');
