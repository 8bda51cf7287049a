import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Agency-edited content that is one document per key (site identity,
 * navigation, footer). Loaded from seeds/; the JSON is validated by the
 * zod schema registered for its key before it is written.
 */
export const contentBlocks = pgTable("content_blocks", {
  key: text("key").primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Blog posts, one per seeds/blog/<slug>.md. A table rather than a content
 * block: the list is searched, filtered and paged in SQL, and views are counted.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    description: text("description").notNull(),
    /** The post's Markdown source. */
    body: text("body").notNull(),
    author: text("author").notNull(),
    publishedOn: date("published_on").notNull(),
    readMinutes: integer("read_minutes").notNull(),
    category: text("category").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    image: text("image").notNull(),
    imageAlt: text("image_alt").notNull(),
    featured: boolean("featured").notNull().default(false),
    /** The seed's starting figures; the seed may change them. */
    seedViews: integer("seed_views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    /** Views counted on this site (one per visitor and day); the seed never touches it. */
    countedViews: integer("counted_views").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_on_idx").on(t.publishedOn),
    index("blog_posts_category_idx").on(t.category),
  ],
);

/**
 * Who has been counted for a post today: a hash of the visitor's address and
 * browser, salted with the day. Rows older than yesterday are deleted.
 */
export const blogPostViews = pgTable(
  "blog_post_views",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.visitor] }), index("blog_post_views_day_idx").on(t.day)],
);

/**
 * One row: a counter that every change to what anonymous (cached) pages show
 * raises, by trigger, in the writer's transaction: content blocks, blog posts
 * (not their view counts), plans and packages. Each server process's page
 * cache reads it at most once a second and drops pages stored before the
 * latest revision (decision 0039).
 */
export const pageCacheRevisions = pgTable(
  "page_cache_revisions",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("page_cache_revisions_one_row", sql`${t.id} = 1`)],
);

/**
 * One row: a counter that triggers (in the migration) raise on every change to
 * what the chat assistant answers from (content blocks, blog posts, plans,
 * token bundles, chat FAQs), in the writer's transaction. Each server process
 * reads it every 2 s and rebuilds its chat index when it moved
 * (docs/decisions/0037-chat-gap-queue-and-index-revision.md).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_revisions_one_row", sql`${t.id} = 1`)],
);
