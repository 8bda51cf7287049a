import { redirect } from "react-router";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/moved";

/**
 * The client areas the workspace replaced (decision 0056), and the section that replaces each.
 * Their addresses stay in bookmarks and old emails, so they answer with a permanent redirect.
 */
export const MOVED_CLIENT_ROUTES: Record<string, string> = {
  "/manageaccount": "/dashboard2",
  "/manageaccount/profile": "/dashboard2/settings",
  "/manageaccount/projects": "/dashboard2/projects",
  "/dashboard2/profile": "/dashboard2/settings",
  "/profile/projects": "/dashboard2/projects",
};

/** Signed out, the visitor signs in first (and comes back here, then on to the section). */
async function movedTo(request: Request, status: 301 | 308) {
  await memberOf(request);
  const url = new URL(request.url);
  const target = MOVED_CLIENT_ROUTES[url.pathname.replace(/\/+$/, "") || "/"];
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(`${target}${url.search}`, status);
}

export async function loader({ request }: Route.LoaderArgs) {
  return movedTo(request, 301);
}

/** A form still posting to an old address is sent on with its method and body (308). */
export async function action({ request }: Route.ActionArgs) {
  return movedTo(request, 308);
}
