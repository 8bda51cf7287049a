import { SHOP_API_ERRORS } from "~models/billing/shop";
import { listPurchases } from "~models/billing/shop.server";
import { methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/my-purchases";

/** GET /api/my-purchases/ → [purchase], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.fetchPurchases, async () => {
    const user = await requireApiUser(request);
    return Response.json(await listPurchases(user.id));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
