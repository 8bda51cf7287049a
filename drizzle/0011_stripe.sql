CREATE TABLE "gateway_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_reference" text,
	"tokens_taken_back" integer DEFAULT 0 NOT NULL,
	"tokens_already_spent" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_refunds_tokens_check" CHECK ("payment_refunds"."tokens_taken_back" >= 0 and "payment_refunds"."tokens_already_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_payment_intent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "gateway_subscription_id" text;--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_customers_customer_id_key" ON "gateway_customers" USING btree ("gateway","customer_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_gateway_reference_key" ON "payment_refunds" USING btree ("gateway_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_session_id_key" ON "payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "payments_gateway_payment_intent_idx" ON "payments" USING btree ("gateway_payment_intent");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_subscription_id_key" ON "subscriptions" USING btree ("gateway_subscription_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_minor" >= 0 and "payments"."refunded_minor" <= "payments"."amount_minor");--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_reason_check" CHECK ("token_ledger"."reason" in ('token_purchase', 'subscription', 'gift_card', 'referral', 'staff_adjustment', 'shop_checkout', 'project', 'refund', 'expiry'));