ALTER TABLE "master_challenge_questions" ADD COLUMN "format" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "master_challenge_questions" ADD COLUMN "exhibit" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "format" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "exhibit" jsonb;--> statement-breakpoint
ALTER TABLE "master_challenge_questions" ADD CONSTRAINT "mc_questions_format_check" CHECK (format in ('direct', 'most-likely', 'two-technician', 'negative', 'completion'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_format_check" CHECK (format in ('direct', 'most-likely', 'two-technician', 'negative', 'completion'));