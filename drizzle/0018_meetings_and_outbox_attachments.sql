CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"user_id" uuid,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"confirmed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "meetings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "meetings_duration_check" CHECK ("meetings"."duration_minutes" between 5 and 1440)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_source_confirmed_idx" ON "meetings" USING btree ("source_type","source_id") WHERE "meetings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "meetings_source_idx" ON "meetings" USING btree ("source_type","source_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_user_id_starts_at_idx" ON "meetings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_status_starts_at_idx" ON "meetings" USING btree ("status","starts_at");