import { Form, Link } from "react-router";
import { formatIndian } from "~models/platform/money";
import type { PostSummary } from "~models/content/blog";
import { NewsletterForm } from "~/components/newsletter-form";
import { formatDate } from "~/lib/format";

/** Author, date, reading time and views: the line under a post's title. */
export function PostMeta({ post }: { post: PostSummary }) {
  return (
    <p className="post-meta">
      <span>{post.author}</span>
      <time dateTime={post.date}>{formatDate(post.date)}</time>
      <span>{post.readTime}</span>
      <span data-testid="post-views">{`${formatIndian(post.views)} views`}</span>
    </p>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="post-card" data-testid="post-card">
      <img src={post.image} alt={post.imageAlt} width={960} height={540} loading="lazy" decoding="async" />
      <div className="post-card-body">
        <p className="eyebrow">{post.categoryLabel}</p>
        <Heading className="display-sm">
          <Link to={post.url} className="post-link">
            {post.title}
          </Link>
        </Heading>
        <p className="muted">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}

export function FeaturedPost({ post, label }: { post: PostSummary; label: string }) {
  return (
    <article className="featured-post card" aria-labelledby="featured-title" data-testid="featured-post">
      <img src={post.image} alt={post.imageAlt} width={960} height={540} fetchPriority="high" />
      <div className="featured-body">
        <p className="eyebrow">
          <span className="badge">{label}</span> {post.categoryLabel}
        </p>
        <h2 id="featured-title" className="display-md">
          <Link to={post.url} className="post-link">
            {post.title}
          </Link>
        </h2>
        <p className="lead">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}

export type FilterLink = { label: string; href: string; current: boolean };
export type SidebarProps = {
  labels: { search: string; categories: string; tags: string; newsletter: string };
  q: string;
  hidden: Record<string, string>;
  categories: FilterLink[];
  tags: FilterLink[];
};

/** One filter list of the sidebar as chips; the current one is marked. Tags read "#tag". */
function ChipNav({
  id,
  title,
  links,
  tags = false,
}: {
  id: string;
  title: string;
  links: FilterLink[];
  tags?: boolean;
}) {
  return (
    <nav className="sidebar-box" aria-labelledby={id}>
      <h2 id={id} className="sidebar-title">
        {title}
      </h2>
      <ul className="chip-list">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.href}
              className={tags ? "chip chip-tag" : "chip"}
              aria-current={link.current ? "page" : undefined}
              preventScrollReset
            >
              {tags ? <>#{link.label}</> : link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Search, categories and tags: GET links and a GET form, so every filter has a URL. */
export function BlogSidebar({ labels, q, hidden, categories, tags }: SidebarProps) {
  return (
    <aside className="blog-sidebar" aria-label="Blog filters">
      <Form method="get" action="/blogpage" role="search" className="sidebar-box">
        <label htmlFor="blog-search" className="sidebar-title">
          {labels.search}
        </label>
        <div className="search-row">
          <input
            id="blog-search"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            placeholder="Branding, tokens, motion…"
            maxLength={80}
            className="search-input"
          />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn-primary search-button">
            Search
          </button>
        </div>
      </Form>
      <ChipNav id="blog-categories" title={labels.categories} links={categories} />
      <ChipNav id="blog-tags" title={labels.tags} links={tags} tags />
      <section className="sidebar-box" aria-label={labels.newsletter}>
        <NewsletterForm idPrefix="blog-newsletter" compact />
      </section>
    </aside>
  );
}

export type Pagination = {
  previous: string | null;
  next: string | null;
  pages: { n: number; href: string; current: boolean }[];
};

export function BlogPagination({ pagination }: { pagination: Pagination }) {
  if (pagination.pages.length < 2) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {pagination.previous ? (
        <Link to={pagination.previous} className="btn btn-ghost" rel="prev">
          ← Newer
        </Link>
      ) : null}
      <ol>
        {pagination.pages.map((p) => (
          <li key={p.n}>
            <Link
              to={p.href}
              className="page-number"
              aria-current={p.current ? "page" : undefined}
              aria-label={`Page ${p.n}`}
            >
              {p.n}
            </Link>
          </li>
        ))}
      </ol>
      {pagination.next ? (
        <Link to={pagination.next} className="btn btn-ghost" rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
