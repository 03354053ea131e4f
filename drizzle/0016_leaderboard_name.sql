ALTER TABLE "profiles" ADD COLUMN "leaderboard_name" text DEFAULT 'short' NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_leaderboard_hidden_idx" ON "profiles" USING btree ("id") WHERE leaderboard_name = 'hidden';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_leaderboard_name_check" CHECK (leaderboard_name in ('short', 'full', 'hidden'));