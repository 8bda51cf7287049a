DROP INDEX "token_ledger_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "projects_updated_at_id_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "token_ledger_user_id_created_at_id_idx" ON "token_ledger" USING btree ("user_id","created_at","id");