CREATE TABLE "kitchen_acks" (
	"restaurant_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"station" text NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_acks_batch_id_station_pk" PRIMARY KEY("batch_id","station")
);
--> statement-breakpoint
ALTER TABLE "kitchen_batches" ADD COLUMN "unacknowledged_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kitchen_acks" ADD CONSTRAINT "kitchen_acks_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_acks" ADD CONSTRAINT "kitchen_acks_batch_id_kitchen_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."kitchen_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_batches_unalerted_idx" ON "kitchen_batches" USING btree ("sent_at") WHERE unacknowledged_alert_at is null;