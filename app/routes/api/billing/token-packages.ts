import { apiTokenPackage } from "~models/billing/api";
import { listTokenPackages } from "~models/billing/catalog.server";
import { PACKAGE_REGIONS, TOKEN_PACKAGE_API_ERRORS } from "~models/billing/token-packages";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/token-packages";

/**
 * GET /api/token-packages/ → [token package]. Prices are US dollars unless
 * ?region=eu or ?region=in asks for euros or rupees; `prices` has all three.
 */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(TOKEN_PACKAGE_API_ERRORS.fetchPackages, async () => {
    const asked = new URL(request.url).searchParams.get("region");
    const region = PACKAGE_REGIONS.find((r) => r === asked) ?? "us";
    return Response.json((await listTokenPackages()).map((pkg) => apiTokenPackage(pkg, region)));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
