import { inviteMember } from "~models/identity/organisation-invitations.server";
import { ORGANISATION_API_ERRORS, ORGANISATION_MESSAGES } from "~models/identity/organisations";
import { can } from "~models/identity/roles";
import { getSiteShell } from "~models/content/site-content.server";
import { apiError, apiInput, methodNotAllowed, readJsonObject, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/invitations";

/**
 * POST /api/organisation/invitations/ {email, role} → 201 {id, email, role, expires_in_days}.
 * Owners only (403 otherwise); 400 with per-field arrays for a bad address or role; 429 when the
 * organisation has sent too many invitations in the last hour.
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ORGANISATION_API_ERRORS.invite, async () => {
    await apiInput(request, { methods: ["POST"], auth: true });
    const member = await apiMemberOf(request);
    if (!can(member.role, "members")) return apiError(403, ORGANISATION_MESSAGES.notAllowed);
    const body = await readJsonObject(request);
    const invited = await inviteMember({
      organisation: member.organisation,
      inviter: member.person,
      email: body.email,
      role: body.role,
      mail: { baseUrl: publicBaseUrl(request), siteName: (await getSiteShell()).site.name },
    });
    if (!invited.ok) {
      const { form, ...fields } = invited.errors;
      if (form) return apiError(invited.status, form);
      return Response.json(
        Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]])),
        { status: 400 },
      );
    }
    return Response.json(
      { id: invited.id, email: invited.email, role: body.role, expires_in_days: 7 },
      { status: 201 },
    );
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
