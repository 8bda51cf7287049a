CREATE TABLE "content_revisions" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_one_row" CHECK ("content_revisions"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "chat_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"link" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_gaps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_gaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint,
	"question" text NOT NULL,
	"group_key" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"faq_id" uuid,
	CONSTRAINT "chat_gaps_reason_check" CHECK ("chat_gaps"."reason" in ('unknown', 'unhelpful'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_faqs" ADD CONSTRAINT "chat_faqs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_gaps" ADD CONSTRAINT "chat_gaps_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_gaps" ADD CONSTRAINT "chat_gaps_faq_id_chat_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."chat_faqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_gaps_message_reason_key" ON "chat_gaps" USING btree ("message_id","reason");--> statement-breakpoint
CREATE INDEX "chat_gaps_open_group_idx" ON "chat_gaps" USING btree ("group_key","created_at") WHERE "chat_gaps"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "chat_gaps_group_idx" ON "chat_gaps" USING btree ("group_key","created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_rating_check" CHECK ("chat_messages"."rating" is null or ("chat_messages"."rating" in ('up', 'down') and "chat_messages"."type" = 'ai'));--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every change to what the chat
-- assistant answers from raises the content revision in the same transaction, whoever
-- writes it (the server, npm run seed, another server process). Blog posts count only
-- for the columns the assistant reads, not for view counts.
INSERT INTO "content_revisions" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "content_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "content_revisions" ("id", "revision", "changed_at") VALUES (1, 1, now())
  ON CONFLICT ("id") DO UPDATE SET "revision" = "content_revisions"."revision" + 1, "changed_at" = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "content_blocks_revision" AFTER INSERT OR UPDATE OR DELETE ON "content_blocks" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_revision" AFTER INSERT OR DELETE ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_revision_update" AFTER UPDATE OF "slug", "title", "excerpt", "description", "body", "author", "published_on", "category", "tags" ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "subscription_plans_revision" AFTER INSERT OR UPDATE OR DELETE ON "subscription_plans" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "token_packages_revision" AFTER INSERT OR UPDATE OR DELETE ON "token_packages" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "chat_faqs_revision" AFTER INSERT OR UPDATE OR DELETE ON "chat_faqs" FOR EACH ROW EXECUTE FUNCTION "content_revision_bump"();
