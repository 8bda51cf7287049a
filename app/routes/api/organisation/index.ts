import { listMembers } from "~models/identity/organisations.server";
import { ORGANISATION_API_ERRORS } from "~models/identity/organisations";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/index";

/** GET /api/organisation/ → {id, name, role, members: [{username, email, role}]}: the key's organisation. */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(ORGANISATION_API_ERRORS.fetch, async () => {
    const member = await apiMemberOf(request);
    const members = await listMembers(member.organisation.id);
    return Response.json({
      id: member.organisation.id,
      name: member.organisation.name,
      role: member.role,
      members: members.map((m) => ({ username: m.username, email: m.email, role: m.role })),
    });
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
