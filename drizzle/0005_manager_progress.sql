CREATE TABLE "tech_category_scores" (
	"tech_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"recent_scores" smallint[] NOT NULL,
	"best_recent" smallint NOT NULL,
	"last_completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tech_category_scores_tech_id_category_id_pk" PRIMARY KEY("tech_id","category_id"),
	CONSTRAINT "tech_category_scores_length_check" CHECK (cardinality(recent_scores) between 1 and 5),
	CONSTRAINT "tech_category_scores_best_check" CHECK (best_recent between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tech_test_totals" (
	"tech_id" text PRIMARY KEY NOT NULL,
	"tests_completed" integer DEFAULT 0 NOT NULL,
	"tests_passed" integer DEFAULT 0 NOT NULL,
	"score_sum" integer DEFAULT 0 NOT NULL,
	"last_completed_at" timestamp with time zone,
	"category_best" smallint[] DEFAULT array_fill(null::smallint, array[8]) NOT NULL,
	CONSTRAINT "tech_test_totals_counts_check" CHECK (tests_passed >= 0 and tests_passed <= tests_completed),
	CONSTRAINT "tech_test_totals_best_check" CHECK (cardinality(category_best) = 8),
	CONSTRAINT "tech_test_totals_sum_check" CHECK (score_sum >= 0 and score_sum <= 100 * tests_completed)
);
--> statement-breakpoint
ALTER TABLE "tech_category_scores" ADD CONSTRAINT "tech_category_scores_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_category_scores" ADD CONSTRAINT "tech_category_scores_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_test_totals" ADD CONSTRAINT "tech_test_totals_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;