CREATE TABLE "page_cache_revisions" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_cache_revisions_one_row" CHECK ("page_cache_revisions"."id" = 1)
);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every change to what anonymous
-- pages show raises the page cache revision in the same transaction, whoever writes it
-- (a server process, npm run seed). Blog posts count only for what the pages show, not
-- for the view count each visit adds (decision 0039).
INSERT INTO "page_cache_revisions" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "page_cache_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "page_cache_revisions" ("id", "revision", "changed_at") VALUES (1, 1, now())
  ON CONFLICT ("id") DO UPDATE SET "revision" = "page_cache_revisions"."revision" + 1, "changed_at" = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "content_blocks_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_blocks" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_page_cache" AFTER INSERT OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_page_cache_update" AFTER UPDATE OF "slug", "title", "excerpt", "description", "body", "author", "published_on", "read_minutes", "category", "tags", "image", "image_alt", "featured", "seed_views", "likes", "comments" ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "subscription_plans_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_plans" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_revision_bump"();--> statement-breakpoint
CREATE TRIGGER "token_packages_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "token_packages" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_revision_bump"();
