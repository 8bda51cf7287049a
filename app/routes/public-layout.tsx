import { Outlet } from "react-router";
import { getSiteShell } from "~models/content/site-content.server";
import { SiteShell } from "~/components/shell/site-shell";
import type { Route } from "./+types/public-layout";

export async function loader() {
  return getSiteShell();
}

// The shell is seeded content; it only changes when the content does.
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell shell={loaderData}>
      <Outlet />
    </SiteShell>
  );
}
