import { Outlet, useRouteLoaderData } from "react-router";
import { getSiteShell } from "~models/content/site-content.server";
import { Footer } from "~/components/shell/footer";
import { Navbar } from "~/components/shell/navbar";
import type { Route } from "./+types/public-layout";
import type { loader as rootLoader } from "../root";

export async function loader() {
  return getSiteShell();
}

// The shell is seeded content; it only changes when the content does.
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { site, navigation, footer } = loaderData;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar siteName={site.name} navigation={navigation} user={user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer site={site} footer={footer} />
    </div>
  );
}
