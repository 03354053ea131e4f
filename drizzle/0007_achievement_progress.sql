ALTER TABLE "user_achievements" ALTER COLUMN "earned_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_achievements" ALTER COLUMN "earned_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_progress_check" CHECK (progress >= 0);