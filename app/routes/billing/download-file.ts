import { redirect } from "react-router";
import { openSignedDownload } from "~models/billing/downloads.server";
import { attachmentResponse } from "~models/platform/uploads.server";
import { LOGIN_PATH } from "~/lib/auth.server";
import { findApiMember } from "~/lib/member-summary.server";
import type { Route } from "./+types/download-file";

/**
 * GET /download/{purchaseId}/file?expires=…&sig=… : the purchased file, as an
 * attachment. The link is signed for the purchase's owner and expires after
 * five minutes; the caller (session cookie or API token) must be a member of
 * the organisation that owns it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await findApiMember(request);
  const url = new URL(request.url);
  if (!member && !request.headers.get("Authorization"))
    throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
  const file = await openSignedDownload({
    purchaseId: params.purchaseId,
    userId: member?.accountId ?? null,
    expires: url.searchParams.get("expires"),
    sig: url.searchParams.get("sig"),
  });
  if (!file.ok)
    return new Response(file.message, {
      status: file.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return attachmentResponse({ name: file.item.fileName, contentType: file.item.contentType }, file);
}
