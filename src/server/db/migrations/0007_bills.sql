ALTER TABLE "tickets" ALTER COLUMN "service_charge_percent" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
-- The audit log is append-only: no API (and no query) may edit or delete a row. Deleting a whole
-- restaurant still removes its rows through the cascade, once the restaurant row itself is gone.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM restaurants WHERE id = OLD.restaurant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
