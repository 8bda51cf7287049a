ALTER TABLE "token_accounts" ADD COLUMN "entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a user sees of their notifications (the top bar's six, the list's pages), newest first,
-- is read in the order of this index, id breaking ties, instead of sorting the whole history
-- (as token_ledger's, 0015); partial, so it holds only what is not dismissed.
CREATE INDEX "notifications_user_id_visible_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE "notifications"."dismissed_at" is null;--> statement-breakpoint
-- The shell of every signed-in page counts unread notifications and sums the balance from the
-- grants with tokens left: partial indexes hold only those rows, so neither read grows with the
-- notifications read or the grants spent over the years (docs/decisions/0041).
CREATE INDEX "notifications_user_id_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read" and "notifications"."dismissed_at" is null;--> statement-breakpoint
CREATE INDEX "token_lots_user_id_unspent_idx" ON "token_lots" USING btree ("user_id","expires_at") WHERE "token_lots"."remaining" > 0;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): token_accounts keeps how
-- many ledger rows each client has, so the ledger's pagers (the billing tab, the
-- staff client page, GET /api/token-history/) read a total instead of counting
-- thousands of rows (docs/decisions/0041). The ledger is append-only, so the
-- count only grows: by one per row, in the trigger that already moves the balance.
-- First the rows already there.
UPDATE "token_accounts" SET "entries" = "counted"."n"
FROM (SELECT "user_id", count(*)::int AS "n" FROM "token_ledger" GROUP BY "user_id") AS "counted"
WHERE "counted"."user_id" = "token_accounts"."user_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION token_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO token_accounts (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
  UPDATE token_accounts SET balance = balance + NEW.delta, entries = entries + 1, updated_at = now()
  WHERE user_id = NEW.user_id RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- As the balance, the count is written only by the ledger trigger (one trigger level down).
CREATE OR REPLACE FUNCTION token_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (
    TG_OP = 'INSERT' AND (NEW.balance <> 0 OR NEW.entries <> 0)
    OR TG_OP = 'UPDATE' AND (NEW.balance IS DISTINCT FROM OLD.balance OR NEW.entries IS DISTINCT FROM OLD.entries)
  ) THEN
    RAISE EXCEPTION 'token balances and ledger counts change only through token_ledger' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
