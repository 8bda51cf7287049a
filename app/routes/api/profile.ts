import { ACCOUNT_API_ERRORS, ProfileUpdateSchema } from "~models/identity/accounts";
import { getProfile, updateProfile } from "~models/identity/accounts.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
import type { Route } from "./+types/profile";

/** GET /api/profile/ → {user, profile} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.fetchProfile, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getProfile(user.id));
  });
}

/** PUT /api/profile/ with any of the profile fields → {user, profile} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.updateProfile, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH")
      return methodNotAllowed(request, ["GET", "PUT", "PATCH"]);
    const user = await requireApiUser(request);
    const body = await readBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = ProfileUpdateSchema.safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    return Response.json(await updateProfile(user.id, parsed.data));
  });
}
