-- Reçete Raporu (issue 23): ingredients, their purchases and counts, and versioned recipes of dishes
-- and options. Quantities are bigint thousandths of the base unit (g, ml, adet), so kg↔g and l↔ml
-- are exact integer conversions and sums never drift. The server's role gets its grants from
-- client.ts (GRANT ... ON ALL TABLES) after migrating, like every other table.
CREATE TABLE "ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_cost" numeric(20, 6) DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingredients_unit_check" CHECK ("unit" IN ('g', 'kg', 'ml', 'l', 'adet')),
	CONSTRAINT "ingredients_unit_cost_check" CHECK ("unit_cost" >= 0)
);--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingredients_restaurant_idx" ON "ingredients" USING btree ("restaurant_id");--> statement-breakpoint
-- Alış and Sayım rows are history: written once, never updated (stock = last count + purchases since − use since).
CREATE TABLE "ingredient_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"total_kurus" integer,
	"entered_quantity" text NOT NULL,
	"entered_unit" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "ingredient_movements_kind_check" CHECK ("kind" IN ('purchase', 'count')),
	CONSTRAINT "ingredient_movements_quantity_check" CHECK ("quantity_milli" >= 0)
);--> statement-breakpoint
ALTER TABLE "ingredient_movements" ADD CONSTRAINT "ingredient_movements_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_movements" ADD CONSTRAINT "ingredient_movements_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingredient_movements_ingredient_idx" ON "ingredient_movements" USING btree ("ingredient_id","at");--> statement-breakpoint
-- A recipe version is in force over [valid_from, valid_to): a change closes one and opens the next,
-- so the report costs each line with the version in force when its batch was sent (sent_at).
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"menu_item_id" uuid,
	"option_id" uuid,
	"version" integer NOT NULL,
	"mode" text DEFAULT 'add' NOT NULL,
	"factor_milli" integer,
	"factor_text" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "recipes_one_target_check" CHECK (("menu_item_id" IS NULL) <> ("option_id" IS NULL)),
	CONSTRAINT "recipes_mode_check" CHECK ("mode" IN ('add', 'scale', 'replace'))
);--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipes_restaurant_idx" ON "recipes" USING btree ("restaurant_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_item_version_uq" ON "recipes" USING btree ("menu_item_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_option_version_uq" ON "recipes" USING btree ("option_id","version");--> statement-breakpoint
CREATE TABLE "recipe_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"entered_quantity" text NOT NULL,
	"entered_unit" text NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipe_lines_quantity_check" CHECK ("quantity_milli" >= 0)
);--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- no cascade: an ingredient some recipe version (even an old one) names stays, or history would change
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_lines_recipe_idx" ON "recipe_lines" USING btree ("recipe_id");
