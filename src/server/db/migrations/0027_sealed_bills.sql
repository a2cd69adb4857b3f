-- A sealed bill (closed, with its digest in the hash chain) keeps what it sealed, even against the
-- server's own database role: its amounts, discount, service charge, number and closing, its lines'
-- money and its payments. The kitchen may still mark its lines (status, times); a later bill's link
-- may be carried over to a reopened bill's new seal (prev hash and hash, which must still match);
-- reopening needs the owner's audited ticket.reopen row, written before the status changes.
-- INSERT stays allowed (a restore puts rows back as they were); an extra payment or line changes
-- what the verifier recomputes, so it is seen. Rows go with their restaurant (deleting a restaurant).
CREATE FUNCTION sealed_bill_keeps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'closed' OR OLD.bill_digest IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.bill_digest IS DISTINCT FROM OLD.bill_digest OR NEW.bill_number IS DISTINCT FROM OLD.bill_number
     OR NEW.restaurant_id <> OLD.restaurant_id OR NEW.type <> OLD.type
     OR NEW.discount IS DISTINCT FROM OLD.discount OR NEW.service_charge_percent <> OLD.service_charge_percent THEN
    RAISE EXCEPTION 'bill % is sealed: what it sealed stays', OLD.bill_number USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status = 'closed' THEN
    IF NEW.closed_at IS DISTINCT FROM OLD.closed_at OR NEW.closed_by IS DISTINCT FROM OLD.closed_by
       OR NEW.business_day IS DISTINCT FROM OLD.business_day
       OR (NEW.bill_hash IS DISTINCT FROM OLD.bill_hash
           AND NEW.bill_hash IS DISTINCT FROM encode(sha256(convert_to(NEW.bill_prev_hash || NEW.bill_digest, 'UTF8')), 'hex')) THEN
      RAISE EXCEPTION 'bill % is sealed: its closing stays', OLD.bill_number USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status = 'open' AND NEW.bill_hash IS NOT DISTINCT FROM OLD.bill_hash AND EXISTS (
    SELECT 1 FROM audit_events r
    WHERE r.restaurant_id = OLD.restaurant_id AND r.entity = 'ticket' AND r.entity_id = OLD.id::text AND r.action = 'ticket.reopen'
      AND r.seq > COALESCE((SELECT max(c.seq) FROM audit_events c
                            WHERE c.restaurant_id = OLD.restaurant_id AND c.entity = 'ticket' AND c.entity_id = OLD.id::text
                              AND c.action = 'ticket.close'), 0)
  ) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'bill % is sealed: only an audited reopen opens it (% refused)', OLD.bill_number, NEW.status USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tickets_sealed_bill_keeps BEFORE UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION sealed_bill_keeps();--> statement-breakpoint
CREATE FUNCTION sealed_bill_is(ticket uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM tickets WHERE id = ticket AND status = 'closed' AND bill_digest IS NOT NULL);
$$;--> statement-breakpoint
CREATE FUNCTION sealed_payment_keeps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM restaurants WHERE id = OLD.restaurant_id) THEN
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF sealed_bill_is(OLD.ticket_id) OR (TG_OP = 'UPDATE' AND sealed_bill_is(NEW.ticket_id)) THEN
    RAISE EXCEPTION 'payment % belongs to a sealed bill (% refused)', OLD.id, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN COALESCE(NEW, OLD);
END;
$$;--> statement-breakpoint
CREATE TRIGGER payments_sealed_keeps BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION sealed_payment_keeps();--> statement-breakpoint
CREATE FUNCTION sealed_line_keeps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM restaurants WHERE id = OLD.restaurant_id) OR NOT sealed_bill_is(OLD.ticket_id) THEN
    IF TG_OP = 'UPDATE' AND NEW.ticket_id <> OLD.ticket_id AND sealed_bill_is(NEW.ticket_id) THEN
      RAISE EXCEPTION 'line % cannot join a sealed bill', OLD.id USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'DELETE' OR NEW.ticket_id <> OLD.ticket_id OR NEW.restaurant_id <> OLD.restaurant_id
     OR NEW.name <> OLD.name OR NEW.unit_price_kurus <> OLD.unit_price_kurus OR NEW.options IS DISTINCT FROM OLD.options
     OR NEW.quantity <> OLD.quantity OR NEW.vat_rate <> OLD.vat_rate OR NEW.is_comp <> OLD.is_comp
     OR NEW.discount IS DISTINCT FROM OLD.discount OR NEW.payment_id IS DISTINCT FROM OLD.payment_id
     OR (NEW.status = 'cancelled') <> (OLD.status = 'cancelled') THEN
    RAISE EXCEPTION 'line % belongs to a sealed bill (% refused)', OLD.id, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ticket_lines_sealed_keeps BEFORE UPDATE OR DELETE ON "ticket_lines" FOR EACH ROW EXECUTE FUNCTION sealed_line_keeps();
