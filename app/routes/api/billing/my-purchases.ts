import { SHOP_API_ERRORS } from "~models/billing/shop";
import { listPurchases } from "~models/billing/shop.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/my-purchases";

/** GET /api/my-purchases/ → [purchase], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.fetchPurchases, async () => {
    const member = await apiMemberOf(request);
    return Response.json(await listPurchases(member.accountId));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
