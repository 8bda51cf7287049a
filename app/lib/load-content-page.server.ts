import type { ContentPage, ContentPageKey } from "~models/content/content-pages";
import { getContentPage } from "~models/content/content-pages.server";
import { getSiteShell } from "~models/content/site-content.server";
import { seoMeta } from "./seo";
import { pageSeo } from "./seo.server";

/** A content page's seeded document and its title, description, canonical and Open Graph tags. */
export async function loadContentPage<K extends ContentPageKey>(request: Request, key: K, path: string) {
  const [content, shell] = await Promise.all([getContentPage(key), getSiteShell()]);
  return {
    content: content as ContentPage<K>,
    meta: seoMeta(pageSeo(request, path, content.seo, shell.site.name)),
    siteName: shell.site.name,
  };
}
