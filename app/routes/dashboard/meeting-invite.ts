import { getClientInvite } from "~models/calendar/meetings.server";
import { notFoundResponse } from "~/lib/auth.server";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/meeting-invite";

/** GET /dashboard2/meetings/:id/invite.ics : the signed-in client's own meeting as a calendar file; 404 for anyone else's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const invite = await getClientInvite(member.accountId, params.id);
  if (!invite) return notFoundResponse();
  return new Response(invite.text, {
    headers: {
      "Content-Type": invite.contentType,
      "Content-Disposition": `attachment; filename="${invite.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
