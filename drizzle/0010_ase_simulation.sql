ALTER TABLE "test_sessions" DROP CONSTRAINT "test_sessions_origin_check";--> statement-breakpoint
ALTER TABLE "ase_categories" ADD COLUMN "simulation" jsonb;--> statement-breakpoint
ALTER TABLE "test_answers" ADD COLUMN "scored" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_origin_check" CHECK (origin in ('practice', 'assignment', 'missed', 'chapter', 'warm_up', 'free_test', 'simulation'));