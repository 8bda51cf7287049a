import { openProofAsset } from "~models/projects/proofing.server";
import { requireStaff } from "~/lib/auth.server";
import { proofAssetResponse } from "~/lib/proof-files.server";
import type { Route } from "./+types/proof-file";

/** GET /admin/projects/:id/proof/:deliverableId/file[/:page]: a proof version, for staff only (404 for anyone else). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return proofAssetResponse(
    await openProofAsset("staff", params.id, params.deliverableId, params.page, user),
  );
}
