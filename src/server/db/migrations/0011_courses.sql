-- Courses (servis sırası, "hold and fire"). A line may name one of the restaurant's courses (the list
-- lives in the general settings document, so it needs no table); null = no course, sent with the
-- first Mutfağa Gönder. A line sent held is on the kitchen screen as "Bekliyor" but not to be cooked
-- until its course is fired: is_held turns false and fired_at records when. On the line rather than
-- the batch, because one send carries both the starters to cook and the mains to hold.
ALTER TABLE "ticket_lines" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD COLUMN "is_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_lines" ADD COLUMN "fired_at" timestamp with time zone;
