-- The month roll-up of the sales figures (issue 23): beside each day row, the same sums under
-- 'month:<dim>' on the month's first day, so Satış Raporları reads a year as 12 rows per key.
-- From now on the commands keep both (applyFigures); this fills it once from the day rows already
-- there. An hour's month key is '<ISO weekday>|<hour>', what the weekday x hour table needs.
INSERT INTO "sales_day_figures" ("restaurant_id", "dim", "business_day", "key", "label", "extra", bills, guests, gross, discounts, comps, cancelled, cancelled_count, service_charge, refunds, net, tips, vat, quantity, comp_quantity, cancelled_quantity, refund_quantity, payment_count, given_discounts, given_comps, given_cancellations, given_count)
SELECT "restaurant_id", 'month:' || "dim", date_trunc('month', "business_day")::date,
  CASE WHEN "dim" = 'hour' THEN extract(isodow FROM "business_day")::int || '|' || "key" ELSE "key" END,
  max("label"), max("extra"), sum(bills), sum(guests), sum(gross), sum(discounts), sum(comps), sum(cancelled), sum(cancelled_count), sum(service_charge), sum(refunds), sum(net), sum(tips), sum(vat), sum(quantity), sum(comp_quantity), sum(cancelled_quantity), sum(refund_quantity), sum(payment_count), sum(given_discounts), sum(given_comps), sum(given_cancellations), sum(given_count)
FROM "sales_day_figures"
WHERE "dim" NOT LIKE 'month:%'
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
