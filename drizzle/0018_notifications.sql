CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest_day" smallint DEFAULT 1 NOT NULL,
	"completion_emails" text DEFAULT 'daily' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_digest_day_check" CHECK (digest_day between 0 and 6),
	CONSTRAINT "notification_preferences_completion_check" CHECK (completion_emails in ('each', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text NOT NULL,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('assignment_created', 'assignment_due_tomorrow', 'shop_request_decided', 'certification_expiring', 'achievement_earned', 'subscription_problem', 'study_nudge', 'join_request_received', 'assignment_completed', 'assignment_daily_summary', 'assignment_overdue', 'technician_certification_expiring', 'master_at_risk', 'shop_trial_ending', 'shop_payment_failed', 'weekly_digest')),
	CONSTRAINT "notifications_email_status_check" CHECK (email_status in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("recipient_id","kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_pending_email_idx" ON "notifications" USING btree ("next_attempt_at") WHERE email_status = 'pending';