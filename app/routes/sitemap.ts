import { listAllPosts } from "~models/content/blog.server";
import { listArticles } from "~models/content/content-pages.server";
import { getStrategyContent } from "~models/content/marketing-content.server";
import { PACKAGE_COLOURS } from "~models/content/marketing-enums";
import { sitemapPaths } from "~/lib/public-pages";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** /sitemap.xml: every public page (app/lib/public-pages.ts), as absolute URLs. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicBaseUrl(request);
  const [strategy, posts, articles] = await Promise.all([
    getStrategyContent(),
    listAllPosts(),
    listArticles(),
  ]);
  const paths = sitemapPaths({
    solutionColours: PACKAGE_COLOURS,
    strategyServices: strategy.services.map((s) => s.name),
    postUrls: posts.map((post) => post.url),
    articleUrls: articles.map((article) => article.url),
  });
  const urls = paths.map((p) => `  <url><loc>${escapeXml(new URL(p, origin).href)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
