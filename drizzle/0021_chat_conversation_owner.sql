ALTER TABLE "chat_conversations" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "sign_in_hash" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "about_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_account_id_idx" ON "chat_conversations" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_owner_check" CHECK (("chat_conversations"."account_id" is null) = ("chat_conversations"."sign_in_hash" is null));