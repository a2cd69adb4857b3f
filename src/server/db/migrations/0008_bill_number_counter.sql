ALTER TABLE "restaurants" ADD COLUMN "last_bill_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing restaurants continue after the highest number they have handed out.
UPDATE "restaurants" r SET "last_bill_number" = coalesce((SELECT max(t."bill_number") FROM "tickets" t WHERE t."restaurant_id" = r."id"), 0);--> statement-breakpoint
-- A ticket that has a bill number is a bill for good: it is never deleted (merged away, discarded)
-- and its number never changes, so no number is handed out twice and Kapalı Hesaplar keeps every
-- bill the audit log names. Deleting a whole restaurant still cascades, once its row is gone.
CREATE FUNCTION tickets_keep_bills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.bill_number IS NULL OR NOT EXISTS (SELECT 1 FROM restaurants WHERE id = OLD.restaurant_id) THEN
      RETURN OLD;
    END IF;
  ELSIF OLD.bill_number IS NULL OR NEW.bill_number IS NOT DISTINCT FROM OLD.bill_number THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ticket % has bill number %: it stays (% refused)', OLD.id, OLD.bill_number, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tickets_keep_bills_delete BEFORE DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION tickets_keep_bills();--> statement-breakpoint
CREATE TRIGGER tickets_keep_bills_update BEFORE UPDATE OF "bill_number" ON "tickets" FOR EACH ROW EXECUTE FUNCTION tickets_keep_bills();
