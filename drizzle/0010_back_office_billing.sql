ALTER TABLE "support_tickets" ADD COLUMN "channel" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "handled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "file_storage_key" text;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "managed_by" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "managed_by" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "token_packages" ADD COLUMN "managed_by" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_channel_check" CHECK ("support_tickets"."channel" in ('form', 'chat'));--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_managed_by_check" CHECK ("shop_items"."managed_by" in ('seed', 'staff'));--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_managed_by_check" CHECK ("subscription_plans"."managed_by" in ('seed', 'staff'));--> statement-breakpoint
ALTER TABLE "token_packages" ADD CONSTRAINT "token_packages_managed_by_check" CHECK ("token_packages"."managed_by" in ('seed', 'staff'));--> statement-breakpoint
-- Written by hand: tickets that chat handoffs made before the channel column existed.
UPDATE "support_tickets" SET "channel" = 'chat' WHERE "id" IN (SELECT "handoff_ticket_id" FROM "chat_conversations" WHERE "handoff_ticket_id" IS NOT NULL);
