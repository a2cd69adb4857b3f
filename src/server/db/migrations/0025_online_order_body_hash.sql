-- What each online order said when it arrived (SHA-256 of its canonical JSON): the same sender's
-- order number sent again with another body is refused (409) instead of silently kept as the first.
-- Orders received before this migration have none and are treated as the same body.
ALTER TABLE "online_orders" ADD COLUMN "body_hash" text;
