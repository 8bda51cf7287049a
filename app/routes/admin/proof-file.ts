import { openProofAsset } from "~models/projects/proofing.server";
import { proofAssetResponse } from "~/lib/proof-files.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proof-file";

/** GET /admin/projects/:id/proof/:deliverableId/file[/:page]: a proof version, for staff only (404 for anyone else). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  return proofAssetResponse(
    await openProofAsset("staff", params.id, params.deliverableId, params.page, user),
  );
}
