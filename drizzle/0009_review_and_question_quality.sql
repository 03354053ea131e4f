CREATE TABLE "question_editors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	CONSTRAINT "question_reports_reason_check" CHECK (reason in ('wrong_answer_key', 'unclear', 'outdated', 'typo', 'other'))
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" real DEFAULT 0 NOT NULL,
	"difficulty" real DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "review_cards_state_check" CHECK (state between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "scored_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "score_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "score_square_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "correct_score_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "picks_a" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "picks_b" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "picks_c" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD COLUMN "picks_d" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_editors" ADD CONSTRAINT "question_editors_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_resolved_by_auth_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_reports_user_question_idx" ON "question_reports" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "question_reports_question_idx" ON "question_reports" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due");