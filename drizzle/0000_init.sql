CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"points" integer NOT NULL,
	"category" text NOT NULL,
	"requirement_value" integer NOT NULL,
	CONSTRAINT "achievements_code_unique" UNIQUE("code"),
	CONSTRAINT "achievements_category_check" CHECK (category in ('milestone', 'mastery', 'streak', 'special')),
	CONSTRAINT "achievements_points_check" CHECK (points >= 0)
);
--> statement-breakpoint
CREATE TABLE "ase_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"content_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "ase_categories_code_unique" UNIQUE("code"),
	CONSTRAINT "categories_code_check" CHECK (code ~ '^A[1-8]$')
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certification_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certification_id" uuid,
	"tech_id" text,
	"action" text NOT NULL,
	"actor_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_audit_action_check" CHECK (action in ('created', 'updated', 'activated', 'deactivated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "master_challenge_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"question_order" integer NOT NULL,
	"user_answer" varchar(1),
	"is_correct" boolean,
	"time_taken_seconds" real,
	"presented_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "master_challenge_answers_attempt_id_question_order_pk" PRIMARY KEY("attempt_id","question_order"),
	CONSTRAINT "mc_answers_letter_check" CHECK (user_answer is null or user_answer in ('A', 'B', 'C', 'D')),
	CONSTRAINT "mc_answers_order_check" CHECK (question_order between 0 and 29)
);
--> statement-breakpoint
CREATE TABLE "master_challenge_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tech_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completion_time_seconds" integer,
	"tab_switches" integer DEFAULT 0 NOT NULL,
	"focus_losses" integer DEFAULT 0 NOT NULL,
	"suspicious_activity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_agent" text,
	"score" real,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"is_valid" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mc_attempts_score_check" CHECK (score is null or (score >= 0 and score <= 100)),
	CONSTRAINT "mc_attempts_correct_check" CHECK (correct_answers between 0 and 30),
	CONSTRAINT "mc_attempts_counts_check" CHECK (tab_switches >= 0 and focus_losses >= 0)
);
--> statement-breakpoint
CREATE TABLE "master_challenge_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"question_number" integer NOT NULL,
	"question_text" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text NOT NULL,
	"option_d" text NOT NULL,
	"correct_answer" varchar(1) NOT NULL,
	"explanation" text NOT NULL,
	"why_wrong" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "master_challenge_questions_question_number_unique" UNIQUE("question_number"),
	CONSTRAINT "mc_questions_answer_check" CHECK (correct_answer in ('A', 'B', 'C', 'D'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text,
	"shop_id" uuid,
	"experience_level" text,
	"years_of_experience" text,
	"reserved_shop_code" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_email_unique" UNIQUE("email"),
	CONSTRAINT "profiles_reserved_shop_code_unique" UNIQUE("reserved_shop_code"),
	CONSTRAINT "profiles_role_check" CHECK (role in ('tech', 'manager')),
	CONSTRAINT "profiles_experience_check" CHECK (experience_level in ('less_than_1', '1_to_2', '3_to_5', '6_to_10', '11_to_15', '16_to_20', 'more_than_20')),
	CONSTRAINT "profiles_years_check" CHECK (years_of_experience in ('less_than_1', '1_to_2', '3_to_5', '6_to_10', '11_to_15', '16_to_20', 'more_than_20')),
	CONSTRAINT "profiles_full_name_check" CHECK (length(trim(full_name)) > 0)
);
--> statement-breakpoint
CREATE TABLE "question_difficulty_stats" (
	"question_id" text PRIMARY KEY NOT NULL,
	"difficulty" real NOT NULL,
	"times_answered" integer DEFAULT 0 NOT NULL,
	"times_correct" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "difficulty_range_check" CHECK (difficulty >= 0 and difficulty <= 1),
	CONSTRAINT "difficulty_counts_check" CHECK (times_correct >= 0 and times_correct <= times_answered)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"pool" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content_area" text NOT NULL,
	"difficulty" text NOT NULL,
	"question_text" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"option_c" text NOT NULL,
	"option_d" text NOT NULL,
	"correct_answer" varchar(1) NOT NULL,
	"explanation" text NOT NULL,
	"why_wrong" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_answer_check" CHECK (correct_answer in ('A', 'B', 'C', 'D')),
	CONSTRAINT "questions_difficulty_check" CHECK (difficulty in ('easy', 'medium', 'hard')),
	CONSTRAINT "questions_pool_check" CHECK (pool in ('practice', 'free_test'))
);
--> statement-breakpoint
CREATE TABLE "shop_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tech_id" text NOT NULL,
	"new_shop_id" uuid,
	"requested_shop_code" varchar(20) NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "shop_change_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"shop_code" varchar(10) NOT NULL,
	"manager_id" text NOT NULL,
	"subscription_id" uuid,
	"trial_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_shop_code_unique" UNIQUE("shop_code"),
	CONSTRAINT "shops_type_check" CHECK (type in ('independent', 'dealership')),
	CONSTRAINT "shops_code_check" CHECK (shop_code ~ '^SHOP[A-Z0-9]{6}$'),
	CONSTRAINT "shops_name_check" CHECK (length(trim(name)) > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"price_id" text,
	"current_period_start" bigint,
	"current_period_end" bigint,
	"payment_method_brand" text,
	"payment_method_last4" varchar(4),
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"chapter_number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "study_chapters_number_check" CHECK (chapter_number >= 1)
);
--> statement-breakpoint
CREATE TABLE "study_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"section_number" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "study_sections_number_check" CHECK (section_number >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_monthly_cents" integer NOT NULL,
	"max_technicians" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shop_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "plans_price_check" CHECK (price_monthly_cents >= 0),
	CONSTRAINT "plans_max_tech_check" CHECK (max_technicians >= 0),
	CONSTRAINT "plans_shop_type_check" CHECK (shop_type in ('independent', 'dealership', 'both'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"trial_end" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"stripe_payment_method_id" text,
	"card_brand" text,
	"card_last4" varchar(4),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK (status in ('trial', 'active', 'past_due', 'cancelled')),
	CONSTRAINT "subscriptions_last4_check" CHECK (card_last4 is null or card_last4 ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "tech_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tech_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"certification_number" text,
	"obtained_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"document_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_certifications_dates_check" CHECK (expiration_date > obtained_date)
);
--> statement-breakpoint
CREATE TABLE "tech_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tech_id" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"current_period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_subscriptions_tech_id_unique" UNIQUE("tech_id"),
	CONSTRAINT "tech_subscriptions_status_check" CHECK (status in ('trial', 'active', 'past_due', 'cancelled', 'incomplete')),
	CONSTRAINT "tech_subscriptions_provider_check" CHECK (provider in ('mock', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "test_answers" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" text NOT NULL,
	"selected_answer" varchar(1),
	"is_correct" boolean,
	"flagged" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "test_answers_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "test_answers_letter_check" CHECK (selected_answer is null or selected_answer in ('A', 'B', 'C', 'D')),
	CONSTRAINT "test_answers_position_check" CHECK (position >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manager_id" text NOT NULL,
	"tech_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"test_session_id" uuid,
	"due_date" timestamp with time zone NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "test_assignments_status_check" CHECK (status in ('pending', 'in_progress', 'completed', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "test_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tech_id" text NOT NULL,
	"category_id" uuid,
	"kind" text NOT NULL,
	"total_questions" integer NOT NULL,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "test_sessions_kind_check" CHECK (kind in ('category', 'exam')),
	CONSTRAINT "test_sessions_total_check" CHECK (total_questions between 1 and 60),
	CONSTRAINT "test_sessions_correct_check" CHECK (correct_answers between 0 and total_questions),
	CONSTRAINT "test_sessions_score_check" CHECK (score is null or score between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"achievement_id" uuid NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_category_mastery" (
	"user_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"mastery_score" real DEFAULT 0 NOT NULL,
	"questions_attempted" integer DEFAULT 0 NOT NULL,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"recent_performance" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_category_mastery_user_id_category_id_pk" PRIMARY KEY("user_id","category_id"),
	CONSTRAINT "mastery_score_range_check" CHECK (mastery_score >= 0 and mastery_score <= 1),
	CONSTRAINT "mastery_recent_range_check" CHECK (recent_performance >= 0 and recent_performance <= 1),
	CONSTRAINT "mastery_counts_check" CHECK (correct_answers >= 0 and correct_answers <= questions_attempted)
);
--> statement-breakpoint
CREATE TABLE "user_question_progress" (
	"user_id" text NOT NULL,
	"question_id" text NOT NULL,
	"times_answered" integer DEFAULT 0 NOT NULL,
	"times_correct" integer DEFAULT 0 NOT NULL,
	"last_answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_question_progress_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "progress_counts_check" CHECK (times_correct >= 0 and times_correct <= times_answered)
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_audit_log" ADD CONSTRAINT "certification_audit_log_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_audit_log" ADD CONSTRAINT "certification_audit_log_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_challenge_answers" ADD CONSTRAINT "master_challenge_answers_attempt_id_master_challenge_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."master_challenge_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_challenge_answers" ADD CONSTRAINT "master_challenge_answers_question_id_master_challenge_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."master_challenge_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_challenge_attempts" ADD CONSTRAINT "master_challenge_attempts_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_challenge_questions" ADD CONSTRAINT "master_challenge_questions_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_auth_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_difficulty_stats" ADD CONSTRAINT "question_difficulty_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_change_requests" ADD CONSTRAINT "shop_change_requests_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_change_requests" ADD CONSTRAINT "shop_change_requests_new_shop_id_shops_id_fk" FOREIGN KEY ("new_shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_change_requests" ADD CONSTRAINT "shop_change_requests_reviewed_by_auth_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_manager_id_auth_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_customer_id_stripe_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stripe_customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_chapters" ADD CONSTRAINT "study_chapters_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sections" ADD CONSTRAINT "study_sections_chapter_id_study_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."study_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_certifications" ADD CONSTRAINT "tech_certifications_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_certifications" ADD CONSTRAINT "tech_certifications_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_subscriptions" ADD CONSTRAINT "tech_subscriptions_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_session_id_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_manager_id_auth_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_test_session_id_test_sessions_id_fk" FOREIGN KEY ("test_session_id") REFERENCES "public"."test_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_tech_id_auth_users_id_fk" FOREIGN KEY ("tech_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_mastery" ADD CONSTRAINT "user_category_mastery_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_mastery" ADD CONSTRAINT "user_category_mastery_category_id_ase_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ase_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_question_progress" ADD CONSTRAINT "user_question_progress_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_question_progress" ADD CONSTRAINT "user_question_progress_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievements_points_idx" ON "achievements" USING btree ("points");--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "certification_audit_cert_idx" ON "certification_audit_log" USING btree ("certification_id","created_at");--> statement-breakpoint
CREATE INDEX "mc_attempts_tech_started_idx" ON "master_challenge_attempts" USING btree ("tech_id","started_at");--> statement-breakpoint
CREATE INDEX "mc_attempts_leaderboard_idx" ON "master_challenge_attempts" USING btree ("is_valid","score","completion_time_seconds");--> statement-breakpoint
CREATE INDEX "mc_questions_category_idx" ON "master_challenge_questions" USING btree ("category_id","active");--> statement-breakpoint
CREATE INDEX "profiles_shop_role_idx" ON "profiles" USING btree ("shop_id","role");--> statement-breakpoint
CREATE INDEX "questions_category_pool_idx" ON "questions" USING btree ("category_id","pool","active");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_change_requests_one_pending_uq" ON "shop_change_requests" USING btree ("tech_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "shop_change_requests_shop_status_idx" ON "shop_change_requests" USING btree ("new_shop_id","status");--> statement-breakpoint
CREATE INDEX "shops_manager_idx" ON "shops" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_customer_idx" ON "stripe_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_chapters_category_number_uq" ON "study_chapters" USING btree ("category_id","chapter_number");--> statement-breakpoint
CREATE UNIQUE INDEX "study_sections_chapter_number_uq" ON "study_sections" USING btree ("chapter_id","section_number");--> statement-breakpoint
CREATE INDEX "plans_type_active_price_idx" ON "subscription_plans" USING btree ("shop_type","active","price_monthly_cents");--> statement-breakpoint
CREATE INDEX "subscriptions_shop_idx" ON "subscriptions" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_certifications_one_active_uq" ON "tech_certifications" USING btree ("tech_id","category_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "tech_certifications_tech_expiry_idx" ON "tech_certifications" USING btree ("tech_id","expiration_date");--> statement-breakpoint
CREATE INDEX "test_answers_question_idx" ON "test_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "test_assignments_tech_due_idx" ON "test_assignments" USING btree ("tech_id","due_date");--> statement-breakpoint
CREATE INDEX "test_assignments_shop_idx" ON "test_assignments" USING btree ("shop_id","assigned_at");--> statement-breakpoint
CREATE INDEX "test_sessions_tech_started_idx" ON "test_sessions" USING btree ("tech_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_user_achievement_uq" ON "user_achievements" USING btree ("user_id","achievement_id");--> statement-breakpoint
CREATE INDEX "mastery_user_score_idx" ON "user_category_mastery" USING btree ("user_id","mastery_score");