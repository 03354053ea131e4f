CREATE TABLE "master_challenge_best" (
	"tech_id" text PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"correct_answers" integer NOT NULL,
	"score" real NOT NULL,
	"completion_time_seconds" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mc_best_correct_check" CHECK (correct_answers between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "master_challenge_score_counts" (
	"correct_answers" integer PRIMARY KEY NOT NULL,
	"competitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mc_score_counts_check" CHECK (competitors >= 0 and correct_answers between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "master_challenge_time_counts" (
	"correct_answers" integer NOT NULL,
	"completion_time_seconds" integer NOT NULL,
	"competitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "master_challenge_time_counts_correct_answers_completion_time_seconds_pk" PRIMARY KEY("correct_answers","completion_time_seconds"),
	CONSTRAINT "mc_time_counts_check" CHECK (competitors >= 0)
);
--> statement-breakpoint
ALTER TABLE "master_challenge_attempts" DROP CONSTRAINT "mc_attempts_counts_check";--> statement-breakpoint
DROP INDEX "mc_attempts_leaderboard_idx";--> statement-breakpoint
ALTER TABLE "master_challenge_attempts" ADD COLUMN "window_size_flags" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "master_challenge_best" ADD CONSTRAINT "master_challenge_best_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_challenge_best" ADD CONSTRAINT "master_challenge_best_attempt_id_master_challenge_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."master_challenge_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mc_best_rank_idx" ON "master_challenge_best" USING btree ("correct_answers" DESC NULLS LAST,"completion_time_seconds","completed_at","tech_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mc_attempts_one_open_uq" ON "master_challenge_attempts" USING btree ("tech_id") WHERE completed_at is null;--> statement-breakpoint
ALTER TABLE "master_challenge_answers" ADD CONSTRAINT "mc_answers_time_check" CHECK (time_taken_seconds is null or time_taken_seconds >= 0);--> statement-breakpoint
ALTER TABLE "master_challenge_attempts" ADD CONSTRAINT "mc_attempts_counts_check" CHECK (tab_switches >= 0 and focus_losses >= 0 and window_size_flags >= 0);