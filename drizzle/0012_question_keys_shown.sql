CREATE TABLE "question_keys_shown" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_keys_shown_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "question_keys_shown" ADD CONSTRAINT "question_keys_shown_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_keys_shown" ADD CONSTRAINT "question_keys_shown_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The keys revealed before this table existed (ADR 0032): each submitted review of an answered question
-- (progress), each instant-feedback answer, submitted or not, and each review-deck answer; the latest per key.
INSERT INTO "question_keys_shown" ("user_id", "question_id", "shown_at")
SELECT "user_id", "question_id", max("shown_at") FROM (
  SELECT "user_id", "question_id", "last_answered_at" AS "shown_at" FROM "user_question_progress"
  UNION ALL
  SELECT "s"."tech_id", "a"."question_id", coalesce("a"."answered_at", "s"."started_at")
  FROM "test_answers" "a" JOIN "test_sessions" "s" ON "s"."id" = "a"."session_id"
  WHERE "s"."instant_feedback" AND "a"."selected_answer" IS NOT NULL
  UNION ALL
  SELECT "user_id", "question_id", "last_review" FROM "review_cards" WHERE "last_review" IS NOT NULL
) "shown"
GROUP BY "user_id", "question_id"
ON CONFLICT ("user_id", "question_id") DO NOTHING;
