import { apiDownload } from "~models/billing/api";
import { startDownload } from "~models/billing/downloads.server";
import { SHOP_API_ERRORS, SHOP_MESSAGES } from "~models/billing/shop";
import { apiError, requireApiRight, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/download";

/**
 * GET or POST /api/download/{purchaseId}/ → {download_url, downloads_remaining}.
 * Each call counts one download; at the limit 409 "Download Limit Reached".
 * The link is signed for the purchase's owner and works for five minutes.
 * Another client's purchase is 404, like a missing one.
 *
 * The spec's call is a GET with the API token. A GET spends a download only
 * with `Authorization: Token …`, which no other site can make a browser send;
 * a GET with only the session cookie (a link on another site, a prefetch)
 * spends nothing and is refused with the way to do it (docs/decisions/0062).
 */
async function download(request: Request, purchaseId: string): Promise<Response> {
  const member = await apiMemberOf(request);
  requireApiRight(member, "brief");
  const started = await startDownload(member.accountId, purchaseId);
  if (!started.ok) return apiError(started.status, started.message);
  return Response.json(apiDownload(started, request.url));
}

const ALLOW = { Allow: "GET, POST" };

export function action({ request, params }: Route.ActionArgs) {
  return withApiErrors(SHOP_API_ERRORS.download, async () => {
    if (request.method !== "POST") return apiError(405, SHOP_MESSAGES.downloadNeedsPost, ALLOW);
    return download(request, params.purchaseId);
  });
}

export function loader({ request, params }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.download, async () => {
    if (!request.headers.get("Authorization")) return apiError(405, SHOP_MESSAGES.downloadNeedsPost, ALLOW);
    return download(request, params.purchaseId);
  });
}
