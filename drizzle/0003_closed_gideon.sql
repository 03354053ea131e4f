ALTER TABLE "profiles" ADD COLUMN "instant_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "origin" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "chapter_number" integer;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "source_session_id" uuid;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "instant_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_source_session_id_test_sessions_id_fk" FOREIGN KEY ("source_session_id") REFERENCES "public"."test_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_origin_check" CHECK (origin in ('practice', 'assignment', 'missed', 'chapter', 'warm_up', 'free_test'));--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_chapter_check" CHECK ((origin = 'chapter') = (chapter_number is not null));--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_instant_check" CHECK (not instant_feedback or (kind = 'category' and origin <> 'assignment'));