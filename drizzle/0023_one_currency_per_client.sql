ALTER TABLE "users" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "original_prices" jsonb;--> statement-breakpoint
UPDATE "shop_items" SET "original_prices" = jsonb_build_object('us', round("original_price_cents" / 100.0, 2), 'eu', round("original_price_cents" * 0.0092), 'in', round("original_price_cents" * 0.84));--> statement-breakpoint
ALTER TABLE "shop_items" ALTER COLUMN "original_prices" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "prices" jsonb;--> statement-breakpoint
UPDATE "subscription_plans" SET "prices" = jsonb_build_object('us', round("price" / 84.0), 'eu', round("price" / 91.0), 'in', "price");--> statement-breakpoint
ALTER TABLE "subscription_plans" ALTER COLUMN "prices" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_region_check" CHECK ("users"."region" is null or "users"."region" in ('us', 'eu', 'in'));
