import type { SiteShell } from "~models/content/site-content";
import { publicBaseUrl } from "./public-url.server";
import type { PageSeo } from "./seo";

/** The Open Graph picture every page shares (1200 x 630, made by scripts/make-art.js). */
const OG_IMAGE_PATH = "/media/og.png";

/**
 * A page's SEO fields: absolute canonical URL (PUBLIC_URL when set, else the
 * request's origin) for `path`, which carries only the query that changes
 * what the page is about (?service=), never view state (?tab=, ?pkg=).
 */
export function pageSeo(
  request: Request,
  path: string,
  seo: { title: string; description: string },
  siteName: string,
): PageSeo {
  const origin = publicBaseUrl(request);
  return { ...seo, url: new URL(path, origin).href, image: new URL(OG_IMAGE_PATH, origin).href, siteName };
}

/** schema.org Organization for the home page (JSON-LD). */
export function organizationJsonLd(request: Request, { site, footer }: SiteShell) {
  const origin = publicBaseUrl(request);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    description: site.description,
    url: new URL("/", origin).href,
    logo: new URL("/favicon.svg", origin).href,
    email: site.emails.hello,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.office.lines.slice(0, -1).join(", "),
      addressCountry: site.office.lines.at(-1),
    },
    sameAs: footer.social.flatMap((s) => (s.href ? [s.href] : [])),
  };
}
