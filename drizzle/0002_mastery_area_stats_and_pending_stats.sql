CREATE TABLE "user_content_area_stats" (
	"user_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"content_area" text NOT NULL,
	"questions_attempted" integer DEFAULT 0 NOT NULL,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"weighted_correct" double precision DEFAULT 0 NOT NULL,
	"weighted_wrong" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_content_area_stats_user_id_category_id_content_area_pk" PRIMARY KEY("user_id","category_id","content_area"),
	CONSTRAINT "area_stats_counts_check" CHECK (correct_answers >= 0 and correct_answers <= questions_attempted),
	CONSTRAINT "area_stats_weights_check" CHECK (weighted_correct >= 0 and weighted_wrong >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_sessions" ADD COLUMN "stats_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_content_area_stats" ADD CONSTRAINT "user_content_area_stats_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_content_area_stats" ADD CONSTRAINT "user_content_area_stats_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_sessions_tech_completed_idx" ON "test_sessions" USING btree ("tech_id","completed_at") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "test_sessions_stats_pending_idx" ON "test_sessions" USING btree ("completed_at") WHERE stats_pending;