CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" uuid NOT NULL,
	"source_type" text,
	"source_id" uuid,
	"title" text NOT NULL,
	"scope" text NOT NULL,
	"pricing" text DEFAULT 'money' NOT NULL,
	"currency" text,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"deposit_percent" integer NOT NULL,
	"deposit_amount" integer NOT NULL,
	"valid_until" date NOT NULL,
	"delivery_days" integer NOT NULL,
	"category" text DEFAULT 'strategy' NOT NULL,
	"balance_schedule" text DEFAULT 'on_delivery' NOT NULL,
	"terms" text NOT NULL,
	"terms_version" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"superseded_by" uuid,
	"superseded_at" timestamp with time zone,
	"signer_id" uuid,
	"signer_name" text,
	"signer_email" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"signed_sha256" text,
	"signed_at" timestamp with time zone,
	"declined_by" uuid,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"deposit_payment_id" uuid,
	"deposit_ledger_id" uuid,
	"paid_at" timestamp with time zone,
	"project_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'signed', 'declined', 'superseded', 'paid')),
	CONSTRAINT "proposals_pricing_check" CHECK ("proposals"."pricing" in ('money', 'tokens')),
	CONSTRAINT "proposals_currency_check" CHECK (("proposals"."pricing" = 'money' and "proposals"."currency" in ('USD', 'EUR', 'INR')) or ("proposals"."pricing" = 'tokens' and "proposals"."currency" is null)),
	CONSTRAINT "proposals_total_check" CHECK ("proposals"."total" > 0),
	CONSTRAINT "proposals_deposit_check" CHECK ("proposals"."deposit_percent" between 1 and 100 and "proposals"."deposit_amount" > 0 and "proposals"."deposit_amount" <= "proposals"."total"),
	CONSTRAINT "proposals_delivery_days_check" CHECK ("proposals"."delivery_days" between 1 and 730),
	CONSTRAINT "proposals_category_check" CHECK ("proposals"."category" in ('strategy', 'graphic', 'website', 'video', 'social_media', 'app', 'sound', 'ai_ar_vr')),
	CONSTRAINT "proposals_version_check" CHECK ("proposals"."version" >= 1),
	CONSTRAINT "proposals_signed_check" CHECK ("proposals"."status" not in ('signed', 'paid') or ("proposals"."signed_at" is not null and "proposals"."signed_sha256" is not null and "proposals"."signer_name" is not null)),
	CONSTRAINT "proposals_sent_check" CHECK ("proposals"."status" = 'draft' or ("proposals"."pdf_sha256" is not null and "proposals"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_deposit_payment_id_payments_id_fk" FOREIGN KEY ("deposit_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_series_version_key" ON "proposals" USING btree ("series_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_series_draft_key" ON "proposals" USING btree ("series_id") WHERE "proposals"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_project_id_key" ON "proposals" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_deposit_payment_id_key" ON "proposals" USING btree ("deposit_payment_id");--> statement-breakpoint
CREATE INDEX "proposals_account_id_created_at_idx" ON "proposals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "proposals_updated_at_idx" ON "proposals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "proposals_source_idx" ON "proposals" USING btree ("source_type","source_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('token_package', 'subscription', 'gift_card', 'proposal_deposit'));