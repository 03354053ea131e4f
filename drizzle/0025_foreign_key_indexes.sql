CREATE INDEX "certification_audit_tech_idx" ON "certification_audit_log" USING btree ("tech_id");--> statement-breakpoint
CREATE INDEX "certification_audit_actor_idx" ON "certification_audit_log" USING btree ("actor_id") WHERE actor_id is not null;--> statement-breakpoint
CREATE INDEX "mc_best_attempt_idx" ON "master_challenge_best" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "question_reports_resolver_idx" ON "question_reports" USING btree ("resolved_by") WHERE resolved_by is not null;--> statement-breakpoint
CREATE INDEX "shop_change_requests_reviewer_idx" ON "shop_change_requests" USING btree ("reviewed_by") WHERE reviewed_by is not null;--> statement-breakpoint
CREATE INDEX "shops_subscription_idx" ON "shops" USING btree ("subscription_id") WHERE subscription_id is not null;--> statement-breakpoint
CREATE INDEX "tech_certifications_deleted_by_idx" ON "tech_certifications" USING btree ("deleted_by") WHERE deleted_by is not null;--> statement-breakpoint
CREATE INDEX "test_assignments_manager_idx" ON "test_assignments" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "test_sessions_source_idx" ON "test_sessions" USING btree ("source_session_id") WHERE source_session_id is not null;