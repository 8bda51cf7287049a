import { data, Link } from "react-router";
import { BLOG_MESSAGES, blogListHref, parseBlogQuery } from "~models/content/blog";
import { getPost, relatedPosts } from "~models/content/blog.server";
import { renderMarkdown } from "~models/content/markdown.server";
import { getSiteShell } from "~models/content/site-content.server";
import { PostCard, PostMeta } from "~/components/content/blog";
import { Prose } from "~/components/content/page-header";
import { JsonLd } from "~/components/marketing/json-ld";
import { countPostView } from "~/lib/blog-views.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await getPost(params.slug);
  if (!post) {
    return data(
      {
        found: false as const,
        meta: [{ title: BLOG_MESSAGES.postNotFound }, { name: "robots", content: "noindex" }],
      },
      { status: 404 },
    );
  }
  // Counted before the page is rendered (and so before it can be cached);
  // served from the cache, it is counted by the cache's hit hook instead.
  await countPostView(request, post.slug);
  const [related, shell] = await Promise.all([relatedPosts(post), getSiteShell()]);
  const { content, ...summary } = post;
  const seo = pageSeo(
    request,
    post.url,
    { title: `${post.title} — ${shell.site.name}`, description: post.description },
    shell.site.name,
  );
  const origin = publicBaseUrl(request);
  const noFilter = parseBlogQuery(new URLSearchParams());
  return data(
    {
      found: true as const,
      post: summary,
      html: renderMarkdown(content).html,
      related,
      categoryHref: blogListHref(noFilter, { category: post.category }),
      tagLinks: post.tags.map((tag) => ({ tag, href: blogListHref(noFilter, { tag }) })),
      meta: [
        ...seoMeta({ ...seo, type: "article" }),
        { property: "article:published_time", content: post.date },
      ],
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        datePublished: post.date,
        author: { "@type": "Person", name: post.author },
        image: new URL(post.image, origin).href,
        url: seo.url,
        publisher: { "@type": "Organization", name: shell.site.name },
      },
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

function BackLink() {
  return (
    <Link to="/blogpage" className="back-link">
      ← Back to blog
    </Link>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="wrap content-page narrow">
        <BackLink />
        <h1 className="display-lg">{BLOG_MESSAGES.postNotFound}</h1>
        <p className="lead">This article has moved or never existed. The latest ones are on the blog.</p>
      </div>
    );
  }
  const { post, html, related, categoryHref, tagLinks, jsonLd } = loaderData;
  return (
    <div className="wrap content-page">
      <JsonLd data={jsonLd} />
      <article className="post" aria-labelledby="post-title">
        <BackLink />
        <header className="post-header">
          <Link to={categoryHref} className="eyebrow post-category">
            {post.categoryLabel}
          </Link>
          <h1 id="post-title" className="display-lg">
            {post.title}
          </h1>
          <p className="lead">{post.excerpt}</p>
          <PostMeta post={post} />
        </header>
        <img
          className="post-cover"
          src={post.image}
          alt={post.imageAlt}
          width={960}
          height={540}
          fetchPriority="high"
        />
        <Prose html={html} className="post-body" />
        <footer className="post-footer">
          <ul className="chip-list" aria-label="Tags">
            {tagLinks.map((t) => (
              <li key={t.tag}>
                <Link to={t.href} className="chip chip-tag">
                  #{t.tag}
                </Link>
              </li>
            ))}
          </ul>
          <p className="muted">
            {post.likes} likes · {post.comments} comments
          </p>
        </footer>
      </article>
      {related.length ? (
        <section aria-labelledby="related-title" className="content-section">
          <h2 id="related-title" className="display-md section-title">
            Keep reading
          </h2>
          <div className="post-grid post-grid-3">
            {related.map((p) => (
              <PostCard key={p.slug} post={p} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
