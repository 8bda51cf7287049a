import { data, Link } from "react-router";
import { BLOG_MESSAGES } from "~models/content/blog";
import { getArticle } from "~models/content/content-pages.server";
import { renderMarkdown } from "~models/content/markdown.server";
import { getSiteShell } from "~models/content/site-content.server";
import { Prose } from "~/components/content/page-header";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/article";

/** /article/:id: the product-update articles (simple-to-manage, introducing-solutions, major-updates). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const article = await getArticle(params.id);
  if (!article) {
    return data(
      {
        found: false as const,
        meta: [{ title: BLOG_MESSAGES.articleNotFound }, { name: "robots", content: "noindex" }],
      },
      { status: 404 },
    );
  }
  const { site } = await getSiteShell();
  const seo = pageSeo(
    request,
    article.url,
    { title: `${article.title} — ${site.name}`, description: article.description },
    site.name,
  );
  return data(
    {
      found: true as const,
      article: { title: article.title, date: article.date },
      html: renderMarkdown(article.body).html,
      meta: seoMeta({ ...seo, type: "article" }),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Article({ loaderData }: Route.ComponentProps) {
  return (
    <div className="wrap content-page narrow">
      <Link to="/" className="back-link">
        ← Back to home
      </Link>
      {loaderData.found ? (
        <article aria-labelledby="article-title" className="post">
          <header className="post-header">
            <p className="eyebrow">Update · {loaderData.article.date}</p>
            <h1 id="article-title" className="display-lg">
              {loaderData.article.title}
            </h1>
          </header>
          <Prose html={loaderData.html} className="post-body" />
        </article>
      ) : (
        <>
          <h1 className="display-lg">{BLOG_MESSAGES.articleNotFound}</h1>
          <p className="lead">
            There is no update at this address. Our latest news and ideas are on the blog.
          </p>
          <Link to="/blogpage" className="btn btn-primary self-start">
            Go to the blog
          </Link>
        </>
      )}
    </div>
  );
}
