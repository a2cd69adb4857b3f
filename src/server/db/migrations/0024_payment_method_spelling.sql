-- Yemek Kartı has one spelling, 'meal_card' (src/shared/domain/payment-methods.ts): the general
-- settings documents saved with the old 'mealCard' are rewritten, nothing else in them changes.
UPDATE "settings"
SET "value" = jsonb_set(
  "value",
  '{paymentMethods}',
  (SELECT jsonb_agg(CASE WHEN m = '"mealCard"'::jsonb THEN '"meal_card"'::jsonb ELSE m END ORDER BY i)
     FROM jsonb_array_elements("value"->'paymentMethods') WITH ORDINALITY AS t(m, i))
)
WHERE "key" = 'general' AND jsonb_typeof("value"->'paymentMethods') = 'array' AND "value"->'paymentMethods' @> '["mealCard"]'::jsonb;
