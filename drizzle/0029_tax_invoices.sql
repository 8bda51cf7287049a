CREATE TABLE "buyer_tax_details" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"state_code" text DEFAULT '' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_tax_details_country_check" CHECK ("buyer_tax_details"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "invoicing_settings" (
	"id" text PRIMARY KEY DEFAULT 'agency' NOT NULL,
	"data" jsonb NOT NULL,
	"managed_by" text DEFAULT 'seed' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoicing_settings_managed_by_check" CHECK ("invoicing_settings"."managed_by" in ('seed', 'staff')),
	CONSTRAINT "invoicing_settings_one_row_check" CHECK ("invoicing_settings"."id" = 'agency')
);
--> statement-breakpoint
CREATE TABLE "tax_invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "tax_invoice_counters_series_check" CHECK ("tax_invoice_counters"."series" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_invoice_counters_sequence_check" CHECK ("tax_invoice_counters"."last_sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"account_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"regime" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"inr_total_minor" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_kind_check" CHECK ("tax_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_invoices_credit_note_check" CHECK (("tax_invoices"."kind" = 'invoice') = ("tax_invoices"."invoice_id" is null and "tax_invoices"."refund_id" is null)),
	CONSTRAINT "tax_invoices_regime_check" CHECK ("tax_invoices"."regime" in ('intra_state', 'inter_state', 'export_lut', 'eu_reverse_charge', 'no_tax')),
	CONSTRAINT "tax_invoices_amounts_check" CHECK ("tax_invoices"."total_minor" > 0 and "tax_invoices"."tax_minor" >= 0 and "tax_invoices"."inr_total_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "buyer_tax_details" ADD CONSTRAINT "buyer_tax_details_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_key" ON "tax_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_sequence_key" ON "tax_invoices" USING btree ("financial_year","kind","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_payment_id_key" ON "tax_invoices" USING btree ("payment_id") WHERE "tax_invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_refund_id_key" ON "tax_invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_account_id_issued_at_idx" ON "tax_invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
-- Written by hand (docs/decisions/0082): an issued invoice or credit note is never changed nor deleted.
CREATE FUNCTION tax_invoices_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax invoice % is issued: it is never changed or deleted (issue a credit note)', OLD.number
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tax_invoices_frozen BEFORE UPDATE OR DELETE ON "tax_invoices"
  FOR EACH ROW EXECUTE FUNCTION tax_invoices_frozen();
