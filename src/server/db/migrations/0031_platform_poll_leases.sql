-- Trendyol sends no order webhook: Sofra polls it (modules/online-orders/trendyol-poller.ts). With
-- two servers on one database each polled on its own, asking Trendyol twice as often as planned.
-- The next poll's time now lives here: a server polls only after moving it on in one conditional
-- statement, which one server wins. Apart from platform_connections, so a poll never touches the
-- owner's settings row; it goes with its connection.
CREATE TABLE "platform_poll_leases" (
	"restaurant_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_poll_leases_pk" PRIMARY KEY("restaurant_id","platform"),
	CONSTRAINT "platform_poll_leases_connection_fk" FOREIGN KEY ("restaurant_id","platform") REFERENCES "platform_connections"("restaurant_id","platform") ON DELETE cascade ON UPDATE no action
);
