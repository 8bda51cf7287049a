import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { SiteShell as SiteShellContent } from "~models/content/site-content";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import type { loader as rootLoader } from "../../root";

/**
 * The public site's frame: the navbar, the page, the footer. The public layout renders every
 * marketing and client page in it; the back-office renders its 404 for strangers in it, so that
 * /admin looks to anyone but staff like any page that does not exist.
 */
export function SiteShell({ shell, children }: { shell: SiteShellContent; children: ReactNode }) {
  const { site, navigation, footer } = shell;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar siteName={site.name} navigation={navigation} user={user} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer site={site} footer={footer} />
    </div>
  );
}
