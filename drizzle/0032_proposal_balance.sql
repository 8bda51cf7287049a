ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "balance_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "balance_ledger_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "balance_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_balance_payment_id_payments_id_fk" FOREIGN KEY ("balance_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_balance_payment_id_key" ON "proposals" USING btree ("balance_payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('token_package', 'subscription', 'gift_card', 'proposal_deposit', 'proposal_balance'));