CREATE TABLE "stripe_subscription_latest_events" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"event_created" bigint NOT NULL,
	"status" text NOT NULL,
	"event_id" text NOT NULL
);
