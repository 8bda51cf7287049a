import { createHash } from "node:crypto";
import { and, arrayContains, desc, eq, ilike, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import {
  BLOG_PAGE_SIZE,
  categoryLabel,
  escapeLike,
  isFiltered,
  pageCount,
  POPULAR_TAG_COUNT,
  postUrl,
  readMinutes,
  readTimeLabel,
  searchTerms,
  type BlogCategory,
  type BlogPostSeed,
  type BlogQuery,
  type Post,
  type PostSummary,
} from "./blog";
import { db, queryRows, type Transaction } from "../platform/db.server";
import { todayInAgencyTimeZone } from "../platform/form-fields";
import { blogPosts, blogPostViews } from "../schema";
import type { WriteCount } from "./site-content.server";

// The blog's data: listing with search, category, tag and pages; one post;
// popular tags; view counting; and the seed's writer.

type Row = typeof blogPosts.$inferSelect;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  description: blogPosts.description,
  author: blogPosts.author,
  publishedOn: blogPosts.publishedOn,
  readMinutes: blogPosts.readMinutes,
  category: blogPosts.category,
  tags: blogPosts.tags,
  image: blogPosts.image,
  imageAlt: blogPosts.imageAlt,
  featured: blogPosts.featured,
  seedViews: blogPosts.seedViews,
  countedViews: blogPosts.countedViews,
  likes: blogPosts.likes,
  comments: blogPosts.comments,
};
type SummaryRow = Omit<Row, "body" | "updatedAt">;

function toSummary(row: SummaryRow): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    url: postUrl(row.slug),
    title: row.title,
    excerpt: row.excerpt,
    description: row.description,
    author: row.author,
    date: row.publishedOn,
    readTime: readTimeLabel(row.readMinutes),
    category: row.category as BlogCategory,
    categoryLabel: categoryLabel(row.category),
    tags: row.tags,
    image: row.image,
    imageAlt: row.imageAlt,
    featured: row.featured,
    views: row.seedViews + row.countedViews,
    likes: row.likes,
    comments: row.comments,
  };
}

const newestFirst = [desc(blogPosts.publishedOn), desc(blogPosts.id)];

/** The hero's post: the newest one marked featured, else the newest post. */
async function getFeaturedPost(): Promise<PostSummary | null> {
  const [row] = await db()
    .select(summaryColumns)
    .from(blogPosts)
    .orderBy(desc(blogPosts.featured), ...newestFirst)
    .limit(1);
  return row ? toSummary(row) : null;
}

function matching(query: BlogQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.category) conditions.push(eq(blogPosts.category, query.category));
  if (query.tag) conditions.push(arrayContains(blogPosts.tags, [query.tag]));
  for (const term of searchTerms(query.q)) {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(
      or(
        ilike(blogPosts.title, pattern),
        ilike(blogPosts.excerpt, pattern),
        ilike(blogPosts.body, pattern),
        ilike(blogPosts.author, pattern),
        sql`array_to_string(${blogPosts.tags}, ' ') ilike ${pattern}`,
      ),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type PostList = {
  featured: PostSummary | null;
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * The list page. Unfiltered, the featured post is the hero and left out of the
 * grid; with a search, category or tag there is no hero, only the matches.
 * A page past the last shows the last.
 */
export async function listPosts(query: BlogQuery, pageSize = BLOG_PAGE_SIZE): Promise<PostList> {
  const featured = isFiltered(query) ? null : await getFeaturedPost();
  const where = and(matching(query), featured ? sql`${blogPosts.id} <> ${featured.id}` : undefined);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(where);
  const pages = pageCount(total, pageSize);
  const page = Math.min(query.page, pages);
  const rows = await db()
    .select(summaryColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { featured, posts: rows.map(toSummary), total: Number(total), page, pageCount: pages };
}

/** One post with its Markdown source, or null. */
export async function getPost(slug: string): Promise<Post | null> {
  const [row] = await db().select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  return row ? { ...toSummary(row), content: row.body } : null;
}

/** Every post, newest first, with its Markdown source (sitemap, site search index). */
export async function listAllPosts(): Promise<Post[]> {
  const rows = await db()
    .select()
    .from(blogPosts)
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...toSummary(row), content: row.body }));
}

/** Other posts of the same category first, then the newest; never the post itself. */
export async function relatedPosts(post: Pick<Post, "id" | "category">, limit = 3): Promise<PostSummary[]> {
  const rows = await db()
    .select(summaryColumns)
    .from(blogPosts)
    .where(sql`${blogPosts.id} <> ${post.id}`)
    .orderBy(sql`(${blogPosts.category} = ${post.category}) desc`, ...newestFirst)
    .limit(limit);
  return rows.map(toSummary);
}

/** The most used tags, most used first (ties alphabetical). */
export async function popularTags(limit = POPULAR_TAG_COUNT): Promise<{ tag: string; count: number }[]> {
  const rows = await queryRows<{ tag: string; count: number }>(sql`
    select tag, count(*)::int as count
    from blog_posts, unnest(tags) as tag
    group by tag
    order by count desc, tag asc
    limit ${limit}
  `);
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/**
 * Who a view belongs to, for today: a hash of the day, the address and the
 * browser. The same visitor counts once per post and day; nothing stored
 * names them, and the rows are deleted after a day (deleteOldPostViews).
 */
export function visitorKey(input: { address: string; userAgent: string; day: string }): string {
  return createHash("sha256")
    .update(`${input.day}\n${input.address}\n${input.userAgent}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Counts one view of `slug` by `visitor` today; true when it was new (not already counted today). */
export async function recordPostView(
  slug: string,
  visitor: string,
  day = todayInAgencyTimeZone(),
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(sql`
    with counted as (
      insert into blog_post_views (post_id, day, visitor)
      select id, ${day}::date, ${visitor} from blog_posts where slug = ${slug}
      on conflict do nothing
      returning post_id
    )
    update blog_posts set counted_views = counted_views + 1
    where id in (select post_id from counted)
    returning id
  `);
  return rows.length > 0;
}

/** Yesterday's and older view rows are only needed for dedupe on their day. */
export async function deleteOldPostViews(today = todayInAgencyTimeZone()): Promise<void> {
  await db()
    .delete(blogPostViews)
    .where(lt(blogPostViews.day, sql`${today}::date - 1`));
}

/**
 * The seed's writer: inserts new posts, updates changed ones (the counted
 * views are kept), and deletes posts whose file is gone.
 */
export async function writeBlogPosts(tx: Transaction, posts: BlogPostSeed[]): Promise<WriteCount> {
  const count: WriteCount = { inserted: 0, updated: 0, unchanged: 0 };
  for (const post of posts) {
    const values = {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      description: post.description,
      body: post.body,
      author: post.author,
      publishedOn: post.date,
      readMinutes: readMinutes(post.body),
      category: post.category,
      tags: post.tags,
      image: post.image,
      imageAlt: post.imageAlt,
      featured: post.featured,
      seedViews: post.views,
      likes: post.likes,
      comments: post.comments,
    };
    const { slug: _slug, ...changes } = values;
    const changed = sql.join(
      Object.keys(changes).map((key) => {
        const column = blogPosts[key as keyof typeof changes];
        return sql`${column} is distinct from excluded.${sql.identifier(column.name)}`;
      }),
      sql` or `,
    );
    const [row] = await tx
      .insert(blogPosts)
      .values(values)
      .onConflictDoUpdate({
        target: blogPosts.slug,
        set: { ...changes, updatedAt: sql`now()` },
        setWhere: changed,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (!row) count.unchanged++;
    else if (row.inserted) count.inserted++;
    else count.updated++;
  }
  const slugs = posts.map((p) => p.slug);
  const removed = await tx
    .delete(blogPosts)
    .where(slugs.length ? notInArray(blogPosts.slug, slugs) : undefined)
    .returning({ id: blogPosts.id });
  count.updated += removed.length;
  return count;
}

export async function hasBlogPosts(): Promise<boolean> {
  return (await db().select({ id: blogPosts.id }).from(blogPosts).limit(1)).length > 0;
}
