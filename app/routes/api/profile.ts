import { ACCOUNT_API_ERRORS, ProfileUpdateSchema } from "~models/identity/accounts";
import { getProfile, updateProfile } from "~models/views/profile.server";
import { apiInput, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/profile";

/** GET /api/profile/ → {user, profile} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.fetchProfile, async () => {
    const member = await apiMemberOf(request);
    return Response.json(await getProfile(member.person.id, undefined, member.accountId));
  });
}

/** PUT /api/profile/ with any of the profile fields → {user, profile} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.updateProfile, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["PUT", "PATCH"],
      allow: ["GET", "PUT", "PATCH"],
      auth: true,
      schema: ProfileUpdateSchema,
    });
    return Response.json(await updateProfile(member.person.id, input, member.accountId));
  });
}
