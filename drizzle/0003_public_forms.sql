CREATE TABLE "collaboration_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"collaboration_idea" text NOT NULL,
	"collaboration_type" text NOT NULL,
	"expected_timeline" text DEFAULT '' NOT NULL,
	"budget_range" text DEFAULT '' NOT NULL,
	"attachment_storage_key" text,
	"attachment_name" text,
	"attachment_size" integer,
	"attachment_content_type" text
);
--> statement-breakpoint
CREATE TABLE "investment_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"email_address" text NOT NULL,
	"investment_interest" text NOT NULL,
	"investor_type" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"investment_amount_range" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"linkedin_profile" text DEFAULT '' NOT NULL,
	"previous_investments" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"company_name" text NOT NULL,
	"your_name" text NOT NULL,
	"company_designation" text NOT NULL,
	"company_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"meeting_type" text NOT NULL,
	"connect_google_meet" boolean DEFAULT false NOT NULL,
	"meeting_agenda" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"email_address" text NOT NULL,
	"role_of_interest" text NOT NULL,
	"why_join" text NOT NULL,
	"cv_storage_key" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_size" integer NOT NULL,
	"cv_content_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "office_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"company_name" text NOT NULL,
	"your_name" text NOT NULL,
	"company_designation" text NOT NULL,
	"company_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"company_address" text NOT NULL,
	"visit_date" date NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"code" text NOT NULL,
	"referrer_name" text NOT NULL,
	"referrer_email" text NOT NULL,
	"invitee_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"company_name" text NOT NULL,
	"your_name" text NOT NULL,
	"company_designation" text NOT NULL,
	"company_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"selected_service" text NOT NULL,
	"selected_solution" text NOT NULL,
	"additional_brief" text NOT NULL,
	"connect_google_meet" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"user_id" uuid,
	"ticket_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_inquiries" ADD CONSTRAINT "investment_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_meetings" ADD CONSTRAINT "investor_meetings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_visits" ADD CONSTRAINT "office_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_quotes" ADD CONSTRAINT "service_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_requests_created_at_idx" ON "collaboration_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investment_inquiries_created_at_idx" ON "investment_inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investor_meetings_created_at_idx" ON "investor_meetings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_applications_created_at_idx" ON "job_applications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_lower_key" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirm_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_unsubscribe_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "office_visits_created_at_idx" ON "office_visits" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_code_key" ON "referrals" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_quotes_created_at_idx" ON "service_quotes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_key" ON "support_tickets" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" USING btree ("created_at");