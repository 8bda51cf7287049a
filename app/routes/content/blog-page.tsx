import { data, Link } from "react-router";
import {
  ALL_CATEGORIES_LABEL,
  BLOG_CATEGORIES,
  blogListHref,
  categoryLabel,
  isFiltered,
  parseBlogQuery,
} from "~models/content/blog";
import { listPosts, popularTags } from "~models/content/blog.server";
import { BlogPagination, BlogSidebar, FeaturedPost, PostCard } from "~/components/content/blog";
import { PageHeader } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/blog-page";

/** /blogpage: search (?q=), category (?category=), tag (?tag=) and page (?page=) are all GET parameters. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseBlogQuery(new URL(request.url).searchParams);
  const [{ content, meta }, list, tags] = await Promise.all([
    loadContentPage(request, "blog", "/blogpage"),
    listPosts(query),
    popularTags(),
  ]);
  const shown = { ...query, page: list.page };
  const hidden: Record<string, string> = {};
  if (query.category) hidden.category = query.category;
  if (query.tag) hidden.tag = query.tag;
  const filters = [
    query.q ? `“${query.q}”` : null,
    query.category ? categoryLabel(query.category) : null,
    query.tag ? `#${query.tag}` : null,
  ].filter(Boolean);
  return data(
    {
      content,
      meta,
      q: query.q,
      filtered: isFiltered(query),
      filters,
      hidden,
      featured: list.featured,
      posts: list.posts,
      total: list.total,
      categories: [
        {
          label: ALL_CATEGORIES_LABEL,
          href: blogListHref(query, { category: null }),
          current: !query.category,
        },
        ...BLOG_CATEGORIES.map((c) => ({
          label: c.label,
          href: blogListHref(query, { category: c.slug }),
          current: query.category === c.slug,
        })),
      ],
      tags: tags.map(({ tag }) => ({
        label: tag,
        href: blogListHref(query, { tag: query.tag === tag ? null : tag }),
        current: query.tag === tag,
      })),
      pagination: {
        previous: list.page > 1 ? blogListHref(shown, { page: list.page - 1 }) : null,
        next: list.page < list.pageCount ? blogListHref(shown, { page: list.page + 1 }) : null,
        pages: Array.from({ length: list.pageCount }, (_, i) => ({
          n: i + 1,
          href: blogListHref(shown, { page: i + 1 }),
          current: i + 1 === list.page,
        })),
      },
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { content, featured, posts, total, filtered, filters } = loaderData;
  return (
    <div className="wrap content-page">
      <PageHeader
        eyebrow={content.hero.eyebrow}
        title={content.hero.title}
        intro={content.hero.intro}
        accent="yellow"
      />
      {featured ? <FeaturedPost post={featured} label={content.featuredLabel} /> : null}
      <div className="blog-layout">
        <BlogSidebar
          labels={{
            search: content.searchLabel,
            categories: content.categoriesTitle,
            tags: content.tagsTitle,
            newsletter: content.newsletterTitle,
          }}
          q={loaderData.q}
          hidden={loaderData.hidden}
          categories={loaderData.categories}
          tags={loaderData.tags}
        />
        <section aria-labelledby="latest-title" className="blog-main" id="articles">
          <div className="blog-main-head">
            <h2 id="latest-title" className="display-md">
              {filtered ? "Results" : content.latestTitle}
            </h2>
            {filtered ? (
              <p className="muted" role="status">
                {total === 1 ? "1 article" : `${total} articles`} for {filters.join(", ")} ·{" "}
                <Link to="/blogpage" className="text-link">
                  Clear filters
                </Link>
              </p>
            ) : null}
          </div>
          {posts.length ? (
            <div className="post-grid">
              {posts.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </div>
          ) : (
            <div className="empty-state card" data-testid="blog-empty">
              <h3 className="display-sm">{content.empty.title}</h3>
              <p className="muted">{content.empty.text}</p>
              <Link to="/blogpage" className="btn btn-primary">
                {content.empty.reset}
              </Link>
            </div>
          )}
          <BlogPagination pagination={loaderData.pagination} />
        </section>
      </div>
    </div>
  );
}
