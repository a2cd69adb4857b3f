ALTER TABLE "idempotency_keys" ADD COLUMN "owner_boot_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "applied_at" timestamp with time zone;