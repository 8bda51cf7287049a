import { parseShopFilters, SHOP_API_ERRORS } from "~models/billing/shop";
import { listShopItems } from "~models/billing/shop.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/shop-items";

/** GET /api/shop-items/?category={templates|assets|tools|graphics|all}&search={text} → [shop item] */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.fetchItems, async () => {
    const member = await apiMemberOf(request);
    return Response.json(
      await listShopItems(member.accountId, parseShopFilters(new URL(request.url).searchParams)),
    );
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
