import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/robots";

/**
 * /robots.txt. A route rather than a file in public/: the Sitemap line must be
 * an absolute URL, and the site's address is only known at run time.
 */
export function loader({ request }: Route.LoaderArgs) {
  const sitemap = new URL("/sitemap.xml", publicBaseUrl(request)).href;
  const body = [
    "User-agent: *",
    "Disallow: /dashboard2",
    "Disallow: /manageaccount",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
