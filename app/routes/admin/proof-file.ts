import { openProofThumb } from "~models/projects/proof-versions.server";
import { openProofAsset } from "~models/projects/proofing.server";
import { proofAssetResponse } from "~/lib/proof-files.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proof-file";

/**
 * GET /admin/projects/:id/proof/:deliverableId/file[/:page][?size=thumb]: a
 * proof version, for staff only (404 for anyone else). `?size=thumb` on a
 * PDF's page: its thumbnail rendition (decision 0073), or the page itself
 * when it has none.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  if (params.page !== undefined && new URL(request.url).searchParams.get("size") === "thumb") {
    const thumb = await openProofThumb(params.id, params.deliverableId, params.page);
    if (thumb) return proofAssetResponse(thumb);
  }
  return proofAssetResponse(
    await openProofAsset("staff", params.id, params.deliverableId, params.page, user),
  );
}
