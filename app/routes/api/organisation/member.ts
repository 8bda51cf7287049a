import { changeMemberRole, clientActor, removeMember } from "~models/identity/organisations.server";
import {
  isOrganisationRole,
  ORGANISATION_API_ERRORS,
  ORGANISATION_MESSAGES,
} from "~models/identity/organisations";
import { can } from "~models/identity/roles";
import { apiError, apiInput, methodNotAllowed, readJsonObject, withApiErrors } from "~/lib/api.server";
import { clientAddress } from "~/lib/auth.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/member";

const METHODS = ["PATCH", "DELETE"];

/**
 * PATCH /api/organisation/members/{username}/ {role} → {username, role};
 * DELETE the same path → 204. Owners only (403 otherwise); the last owner can
 * be neither demoted nor removed (400 {"error"}); 404 for someone not in it.
 */
export function action({ request, params }: Route.ActionArgs) {
  return withApiErrors(ORGANISATION_API_ERRORS.member, async () => {
    await apiInput(request, { methods: METHODS, auth: true });
    const member = await apiMemberOf(request);
    if (!can(member.role, "members")) return apiError(403, ORGANISATION_MESSAGES.notAllowed);
    const target = {
      organisationId: member.organisation.id,
      organisationName: member.organisation.name,
      username: params.username,
    };
    const actor = clientActor(member.person, clientAddress(request));
    if (request.method === "DELETE") {
      const removed = await removeMember(target, actor);
      return removed.ok ? new Response(null, { status: 204 }) : apiError(removed.status, removed.message);
    }
    const body = await readJsonObject(request);
    if (!isOrganisationRole(body.role))
      return Response.json({ role: [ORGANISATION_MESSAGES.invalidRole] }, { status: 400 });
    const changed = await changeMemberRole(target, body.role, actor);
    return changed.ok
      ? Response.json({ username: params.username, role: body.role })
      : apiError(changed.status, changed.message);
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, METHODS);
}
