ALTER TABLE "audit_events" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bill_digest" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bill_prev_hash" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bill_hash" text;--> statement-breakpoint
-- Rows written before the chain existed get their place (seq 1..n per restaurant, in the order they
-- were written) but no hash: the hashes are canonical JSON + SHA-256 worked out by the application,
-- which SQL cannot reproduce byte for byte. The verifier reports them as "written before the chain"
-- (a prefix of each restaurant's rows, never checked); the first row the application writes after
-- this migration starts the chain. Numbering them still shows a deleted old row as a gap.
-- The append-only trigger is off only for this one statement, inside the migration's transaction.
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update";--> statement-breakpoint
UPDATE "audit_events" a SET "seq" = n."seq"
FROM (SELECT "id", row_number() OVER (PARTITION BY "restaurant_id" ORDER BY "id")::integer AS "seq" FROM "audit_events") n
WHERE a."id" = n."id";--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_restaurant_seq_uq" ON "audit_events" USING btree ("restaurant_id","seq");
