ALTER TABLE "test_assignments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD COLUMN "last_score" integer;--> statement-breakpoint
-- The attempt each assignment links to, once submitted, is the one attempt known before this column existed.
UPDATE "test_assignments" "a" SET "attempts" = 1, "last_score" = "s"."score"
FROM "test_sessions" "s"
WHERE "s"."id" = "a"."test_session_id" AND "s"."completed_at" IS NOT NULL;
