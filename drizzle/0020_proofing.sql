CREATE TABLE "proof_deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"page_count" integer,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_deliverables_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "proof_deliverables_kind_check" CHECK ("proof_deliverables"."kind" in ('image', 'pdf')),
	CONSTRAINT "proof_deliverables_version_check" CHECK ("proof_deliverables"."version" >= 1),
	CONSTRAINT "proof_deliverables_size_check" CHECK ("proof_deliverables"."size" >= 0),
	CONSTRAINT "proof_deliverables_page_count_check" CHECK ("proof_deliverables"."page_count" is null or "proof_deliverables"."page_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "proof_pages" (
	"deliverable_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "proof_pages_deliverable_id_page_pk" PRIMARY KEY("deliverable_id","page"),
	CONSTRAINT "proof_pages_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "proof_pages_page_check" CHECK ("proof_pages"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "proof_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"x" real,
	"y" real,
	"location" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"round_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolved_in_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_pins_page_check" CHECK ("proof_pins"."page" >= 1),
	CONSTRAINT "proof_pins_point_check" CHECK (("proof_pins"."x" is null and "proof_pins"."y" is null) or ("proof_pins"."x" between 0 and 1 and "proof_pins"."y" between 0 and 1)),
	CONSTRAINT "proof_pins_where_check" CHECK ("proof_pins"."x" is not null or "proof_pins"."location" <> ''),
	CONSTRAINT "proof_pins_resolved_check" CHECK (("proof_pins"."resolved_at" is null) = ("proof_pins"."resolved_in_version" is null) and ("proof_pins"."resolved_at" is null or "proof_pins"."round_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "proof_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"tier" text NOT NULL,
	"cost" integer NOT NULL,
	"ledger_entry_id" uuid,
	"version" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_rounds_number_check" CHECK ("proof_rounds"."number" >= 1),
	CONSTRAINT "proof_rounds_cost_check" CHECK ("proof_rounds"."cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD CONSTRAINT "proof_deliverables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_deliverables" ADD CONSTRAINT "proof_deliverables_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pages" ADD CONSTRAINT "proof_pages_deliverable_id_proof_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."proof_deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pins" ADD CONSTRAINT "proof_pins_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pins" ADD CONSTRAINT "proof_pins_deliverable_id_proof_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."proof_deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pins" ADD CONSTRAINT "proof_pins_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pins" ADD CONSTRAINT "proof_pins_round_id_proof_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."proof_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_pins" ADD CONSTRAINT "proof_pins_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_rounds" ADD CONSTRAINT "proof_rounds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_rounds" ADD CONSTRAINT "proof_rounds_ledger_entry_id_token_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."token_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_rounds" ADD CONSTRAINT "proof_rounds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proof_deliverables_project_id_version_idx" ON "proof_deliverables" USING btree ("project_id","version");--> statement-breakpoint
CREATE INDEX "proof_pins_project_id_created_at_idx" ON "proof_pins" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "proof_pins_round_id_idx" ON "proof_pins" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_rounds_project_id_number_idx" ON "proof_rounds" USING btree ("project_id","number");