ALTER TABLE "gift_cards" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
UPDATE "gift_cards" SET "amount" = "amount_inr";--> statement-breakpoint
ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_amount_check";--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" DROP COLUMN "amount_inr";--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_currency_check" CHECK ("gift_cards"."currency" in ('USD', 'EUR', 'INR'));--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_amount_check" CHECK ("gift_cards"."amount" between 1 and 100000);