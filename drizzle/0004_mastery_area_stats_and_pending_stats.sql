DROP INDEX "mastery_user_score_idx";--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "stats_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_category_mastery" ADD COLUMN "questions_mastered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_category_mastery" ADD COLUMN "area_stats" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "test_sessions_tech_completed_idx" ON "test_sessions" USING btree ("tech_id","completed_at") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "test_sessions_stats_pending_idx" ON "test_sessions" USING btree ("completed_at") WHERE stats_pending;--> statement-breakpoint
ALTER TABLE "user_category_mastery" ADD CONSTRAINT "mastery_mastered_check" CHECK (questions_mastered >= 0);