// Title, description, canonical and Open Graph tags for a page, from what its
// loader computed (see seo.server.ts). Every public page's meta uses this.
import type { MetaDescriptor } from "react-router";

export type PageSeo = {
  title: string;
  description: string;
  url: string;
  image: string;
  siteName: string;
  type?: "website" | "article";
};

export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:image", content: seo.image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
