-- Reçete Raporu's figures are kept by the close beside the sales figures (recipe_item, recipe_use,
-- recipe_missing in sales_day_figures). Bills counted before this have none yet: the server adds
-- them at start-up (backfillRecipeFigures) and marks each bill here.
ALTER TABLE "sales_bills" ADD COLUMN "has_recipe_figures" boolean DEFAULT false NOT NULL;
