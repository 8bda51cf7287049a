import { redirect } from "react-router";
import { getProjectFile } from "~models/projects/project-conversation.server";
import { attachmentResponse, openUpload } from "~models/platform/uploads.server";
import { apiError } from "~/lib/api.server";
import { LOGIN_PATH } from "~/lib/auth.server";
import { findApiMember, viewerOf } from "~/lib/member-summary.server";
import type { Route } from "./+types/file";

/**
 * GET /project/:id/files/:fileId: a project file, for the members of the
 * organisation that owns the project (or staff) only, always as an attachment. Anyone else gets the same 404 as
 * for a file that does not exist. Browsers sign in through the cookie, API
 * clients with `Authorization: Token <key>`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await findApiMember(request);
  if (!member) {
    if (request.headers.get("Authorization")) return apiError(401, "Invalid token.");
    const url = new URL(request.url);
    throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: url.pathname })}`);
  }
  const file = await getProjectFile(params.id, params.fileId, viewerOf(member));
  const body = file ? await openUpload(file.storageKey) : null;
  if (!file || !body)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  return attachmentResponse(file, body);
}
