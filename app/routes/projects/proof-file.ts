import { openProofAsset } from "~models/projects/proofing.server";
import { memberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import { proofAssetResponse } from "~/lib/proof-files.server";
import type { Route } from "./+types/proof-file";

/**
 * GET /project/:id/proof/:deliverableId/file[/:page]: a version for its
 * project's owner only: the image (inline), a PDF's rendered page (inline PNG)
 * or the PDF (download). Anyone else, staff included (they read it in the
 * back-office), gets the 404 of a file that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  return proofAssetResponse(
    await openProofAsset("client", params.id, params.deliverableId, params.page, viewerOf(member)),
  );
}
