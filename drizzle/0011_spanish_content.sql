ALTER TABLE "questions" ADD COLUMN "es" jsonb;--> statement-breakpoint
ALTER TABLE "study_chapters" ADD COLUMN "es" jsonb;--> statement-breakpoint
ALTER TABLE "study_sections" ADD COLUMN "es" jsonb;