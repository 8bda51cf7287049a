CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"fingerprint" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone,
	CONSTRAINT "payment_methods_last4_check" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_month_check" CHECK ("payment_methods"."exp_month" between 1 and 12),
	CONSTRAINT "payment_methods_exp_year_check" CHECK ("payment_methods"."exp_year" between 2000 and 2200)
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_gateway_reference_key" ON "payment_methods" USING btree ("gateway","gateway_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_fingerprint_key" ON "payment_methods" USING btree ("user_id","fingerprint") WHERE "payment_methods"."detached_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_key" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default" and "payment_methods"."detached_at" is null;