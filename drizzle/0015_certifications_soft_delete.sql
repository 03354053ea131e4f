DROP INDEX "tech_certifications_one_active_uq";--> statement-breakpoint
ALTER TABLE "tech_certifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tech_certifications" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "tech_certifications" ADD CONSTRAINT "tech_certifications_deleted_by_auth_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tech_certifications_one_active_uq" ON "tech_certifications" USING btree ("tech_id","category_id") WHERE is_active and deleted_at is null;