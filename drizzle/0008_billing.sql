CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_item_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"total_tokens" integer NOT NULL,
	"ledger_id" uuid NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_total_check" CHECK ("checkouts"."total_tokens" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"amount_inr" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"delivered_at" timestamp with time zone,
	"purchaser_id" uuid,
	"payment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"tokens_granted" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_amount_check" CHECK ("gift_cards"."amount_inr" between 1000 and 100000),
	CONSTRAINT "gift_cards_redeemed_check" CHECK (("gift_cards"."redeemed_at" is null) = ("gift_cards"."tokens_granted" is null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payments_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"user_id" uuid,
	"payer_email" text,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_message" text,
	"gateway" text NOT NULL,
	"gateway_reference" text,
	"payment_method_token" text,
	"idempotency_key" text NOT NULL,
	"token_package_id" text,
	"subscription_plan_id" text,
	"tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('token_package', 'subscription', 'gift_card')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('USD', 'EUR', 'INR')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('credit_card', 'debit_card')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_card_last4_check" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_item_id" text NOT NULL,
	"checkout_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"tokens_spent" integer NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"max_downloads" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_downloaded_at" timestamp with time zone,
	CONSTRAINT "purchases_downloads_check" CHECK ("purchases"."download_count" >= 0 and "purchases"."download_count" <= "purchases"."max_downloads"),
	CONSTRAINT "purchases_tokens_spent_check" CHECK ("purchases"."tokens_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_signups" (
	"invitee_id" uuid PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"referrer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	"reward_tokens" integer,
	CONSTRAINT "referral_signups_not_self_check" CHECK ("referral_signups"."referrer_id" is null or "referral_signups"."referrer_id" <> "referral_signups"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"category" text NOT NULL,
	"rating_tenths" integer NOT NULL,
	"token_price" integer NOT NULL,
	"original_price_cents" integer NOT NULL,
	"max_downloads" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_format" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_category_check" CHECK ("shop_items"."category" in ('templates', 'assets', 'tools', 'graphics')),
	CONSTRAINT "shop_items_token_price_check" CHECK ("shop_items"."token_price" > 0),
	CONSTRAINT "shop_items_rating_check" CHECK ("shop_items"."rating_tenths" between 0 and 50),
	CONSTRAINT "shop_items_max_downloads_check" CHECK ("shop_items"."max_downloads" > 0),
	CONSTRAINT "shop_items_original_price_check" CHECK ("shop_items"."original_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"tagline" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"features" jsonb NOT NULL,
	"monthly_tokens" integer NOT NULL,
	"project_limit" integer NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price" >= 0),
	CONSTRAINT "subscription_plans_project_limit_check" CHECK ("subscription_plans"."project_limit" >= -1)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"payment_method_token" text,
	"payment_method" text DEFAULT 'credit_card' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'ended')),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_end_reason_check" CHECK ("subscriptions"."end_reason" is null or "subscriptions"."end_reason" in ('cancelled', 'switched', 'payment_failed'))
);
--> statement-breakpoint
CREATE TABLE "token_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_accounts_balance_check" CHECK ("token_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "token_allocations" (
	"entry_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "token_allocations_entry_id_lot_id_pk" PRIMARY KEY("entry_id","lot_id"),
	CONSTRAINT "token_allocations_amount_check" CHECK ("token_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_key" text,
	"staff_user_id" uuid,
	"lot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_ledger_kind_check" CHECK ("token_ledger"."kind" in ('grant', 'spend', 'expire')),
	CONSTRAINT "token_ledger_reason_check" CHECK ("token_ledger"."reason" in ('token_purchase', 'subscription', 'gift_card', 'referral', 'staff_adjustment', 'shop_checkout', 'project', 'expiry')),
	CONSTRAINT "token_ledger_delta_sign_check" CHECK (("token_ledger"."kind" = 'grant' and "token_ledger"."delta" > 0) or ("token_ledger"."kind" <> 'grant' and "token_ledger"."delta" < 0))
);
--> statement-breakpoint
CREATE TABLE "token_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_lots_remaining_check" CHECK ("token_lots"."remaining" >= 0 and "token_lots"."remaining" <= "token_lots"."amount"),
	CONSTRAINT "token_lots_amount_check" CHECK ("token_lots"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"tokens" integer NOT NULL,
	"bonus_tokens" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"prices" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_ledger_id_token_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."token_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchaser_id_users_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_token_package_id_token_packages_id_fk" FOREIGN KEY ("token_package_id") REFERENCES "public"."token_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_plan_id_subscription_plans_id_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_accounts" ADD CONSTRAINT "token_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_entry_id_token_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."token_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allocations" ADD CONSTRAINT "token_allocations_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_id_token_ledger_id_fk" FOREIGN KEY ("id") REFERENCES "public"."token_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_item_key" ON "cart_items" USING btree ("user_id","shop_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_user_key_key" ON "checkouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_key" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_payment_id_key" ON "gift_cards" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "gift_cards_delivery_idx" ON "gift_cards" USING btree ("deliver_on") WHERE "gift_cards"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_key" ON "payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_user_id_created_at_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_item_key" ON "purchases" USING btree ("user_id","shop_item_id");--> statement-breakpoint
CREATE INDEX "purchases_user_id_created_at_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_signups_referral_id_key" ON "referral_signups" USING btree ("referral_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_started_at_idx" ON "subscriptions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "token_allocations_lot_id_idx" ON "token_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "token_ledger_user_id_created_at_idx" ON "token_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_source_key_key" ON "token_ledger" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "token_lots_user_id_expires_at_idx" ON "token_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate triggers): the token ledger's
-- rules, enforced by the database whatever the code does (decision 0012).
-- 1. A balance changes only through a ledger row: the ledger trigger below is
--    the only writer (it runs one trigger level down), and a new account starts at 0.
CREATE FUNCTION token_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (TG_OP = 'INSERT' AND NEW.balance <> 0 OR TG_OP = 'UPDATE' AND NEW.balance IS DISTINCT FROM OLD.balance) THEN
    RAISE EXCEPTION 'token balances change only through token_ledger' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER token_accounts_guard BEFORE INSERT OR UPDATE ON token_accounts FOR EACH ROW EXECUTE FUNCTION token_accounts_guard();
--> statement-breakpoint
-- 2. Every ledger row moves the balance and records the balance after it. The
--    CHECK (balance >= 0) on token_accounts refuses any row that would take it below zero.
CREATE FUNCTION token_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO token_accounts (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
  UPDATE token_accounts SET balance = balance + NEW.delta, updated_at = now() WHERE user_id = NEW.user_id RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER token_ledger_apply BEFORE INSERT ON token_ledger FOR EACH ROW EXECUTE FUNCTION token_ledger_apply();
--> statement-breakpoint
-- 3. The ledger is append-only.
CREATE FUNCTION token_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'token_ledger is append-only' USING ERRCODE = '23514';
END $$;
--> statement-breakpoint
CREATE TRIGGER token_ledger_append_only BEFORE UPDATE ON token_ledger FOR EACH ROW EXECUTE FUNCTION token_ledger_append_only();
--> statement-breakpoint
-- 4. At commit, a balance equals what is left of its grants: a grant without
--    its lot, or a spend that took from no grant, cannot be committed.
CREATE FUNCTION token_balance_matches_lots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_balance integer;
  lots_remaining integer;
BEGIN
  SELECT balance INTO account_balance FROM token_accounts WHERE user_id = NEW.user_id;
  SELECT coalesce(sum(remaining), 0) INTO lots_remaining FROM token_lots WHERE user_id = NEW.user_id;
  IF account_balance IS DISTINCT FROM lots_remaining THEN
    RAISE EXCEPTION 'token balance % of user % does not match its unspent grants (%)', account_balance, NEW.user_id, lots_remaining USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER token_ledger_matches_lots AFTER INSERT ON token_ledger DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION token_balance_matches_lots();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER token_lots_match_balance AFTER INSERT OR UPDATE ON token_lots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION token_balance_matches_lots();
