import { getClientInvite } from "~models/calendar/meetings.server";
import { notFoundResponse, requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/meeting-invite";

/** GET /dashboard2/meetings/:id/invite.ics : the signed-in client's own meeting as a calendar file; 404 for anyone else's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const invite = await getClientInvite(user.id, params.id);
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
