CREATE TABLE "delivery_clocks" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"promised_days" integer,
	"due_at" timestamp with time zone,
	"paused_since" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_clocks_promised_days_check" CHECK ("delivery_clocks"."promised_days" is null or "delivery_clocks"."promised_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"first_reminder_at" timestamp with time zone,
	"second_reminder_at" timestamp with time zone,
	CONSTRAINT "delivery_pauses_reason_check" CHECK ("delivery_pauses"."reason" in ('awaiting_approval', 'returned_to_draft', 'client_input', 'resources_missing')),
	CONSTRAINT "delivery_pauses_ended_check" CHECK ("delivery_pauses"."ended_at" is null or "delivery_pauses"."ended_at" >= "delivery_pauses"."started_at")
);
--> statement-breakpoint
ALTER TABLE "delivery_clocks" ADD CONSTRAINT "delivery_clocks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_pauses" ADD CONSTRAINT "delivery_pauses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_pauses" ADD CONSTRAINT "delivery_pauses_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_pauses_project_id_idx" ON "delivery_pauses" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_pauses_open_idx" ON "delivery_pauses" USING btree ("project_id") WHERE "delivery_pauses"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "delivery_pauses_open_started_idx" ON "delivery_pauses" USING btree ("started_at") WHERE "delivery_pauses"."ended_at" is null;