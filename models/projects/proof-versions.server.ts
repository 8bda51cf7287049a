import { and, eq, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { integerParam } from "../platform/integers";
import { openUpload } from "../platform/uploads.server";
import { proofDeliverables, proofPages } from "../schema";
import { PROOF_MESSAGES } from "./proofing";
import {
  getStaffProofing,
  type DeliverableView,
  type PinView,
  type ProofAsset,
  type StaffProofing,
} from "./proofing.server";
import { readProofQuery, type ProofQuery, type Surface } from "./proofing-view";
import type { ProjectStatus } from "./projects";

// The staff proofing page (/admin/projects/:id/proofing, decision 0073):
// every version with its previewable surfaces (an image, or a PDF's rendered
// pages) and their sizes for the thumbnails, the pins the client sent (in a
// round) to draw on them, and what the URL asks to view and compare.

/** A version and what can be shown of it: the image itself, or the PDF's rendered pages (none: no preview). */
export type StaffVersion = DeliverableView & { surfaces: Surface[] };

export type StaffProofView = Omit<StaffProofing, "versions"> & {
  versions: StaffVersion[];
  /** The pins the client sent in a round (open and resolved), by number; a draft stays the client's until sent. */
  sentPins: PinView[];
  query: ProofQuery;
  /** After an upload (the redirect names the version): what to say. */
  uploaded: { message: string } | null;
};

type SurfaceRow = {
  id: string;
  width: number | null;
  height: number | null;
  pages: Surface[];
};

/** Each version's pixel size and rendered pages with theirs, in one statement. */
async function readSurfaces(projectId: string): Promise<Map<string, SurfaceRow>> {
  const result = (await db().execute(sql`select d.id, d.width, d.height,
      coalesce((select json_agg(json_build_object('page', p.page, 'width', p.width, 'height', p.height)
          order by p.page)
        from ${proofPages} p where p.deliverable_id = d.id), '[]'::json) as pages
    from ${proofDeliverables} d where d.project_id = ${projectId}`)) as unknown as { rows: SurfaceRow[] };
  return new Map(result.rows.map((row) => [row.id, row]));
}

/**
 * Everything the staff proofing page shows, for the project the page found
 * (after staffOf): two statements (the proofing overview and the surfaces).
 */
export async function getStaffProofView(
  project: { id: string; status: ProjectStatus },
  search: URLSearchParams,
): Promise<StaffProofView> {
  const [proofing, surfaces] = await Promise.all([getStaffProofing(project), readSurfaces(project.id)]);
  const versions = proofing.versions.map((version): StaffVersion => {
    const row = surfaces.get(version.id);
    return {
      ...version,
      surfaces:
        version.kind === "image"
          ? [{ page: 1, width: row?.width ?? null, height: row?.height ?? null }]
          : (row?.pages ?? []),
    };
  });
  const sentPins = proofing.rounds.flatMap((round) => round.pins).sort((a, b) => a.number - b.number);
  const uploadedNumber = Number(search.get("uploaded"));
  const uploadedVersion = versions.find((v) => v.version === uploadedNumber);
  return {
    ...proofing,
    versions,
    sentPins,
    query: readProofQuery(search, versions),
    uploaded: uploadedVersion
      ? {
          message: uploadedVersion.surfaces.length
            ? PROOF_MESSAGES.fileAdded(uploadedVersion.version, uploadedVersion.name)
            : PROOF_MESSAGES.fileAddedWithoutPreview(uploadedVersion.version, uploadedVersion.name),
        }
      : null,
  };
}

/**
 * The thumbnail rendition of a PDF's rendered page, for staff (the route has
 * checked the staff member): null when the page has none (rendered before
 * 0026, or its thumbnail failed), and the route serves the page itself.
 */
export async function openProofThumb(
  projectId: string | undefined,
  deliverableId: string | undefined,
  page: string | undefined,
): Promise<ProofAsset | null> {
  const pageNumber = integerParam(page);
  if (!isUuid(projectId) || !isUuid(deliverableId) || pageNumber === null) return null;
  const [row] = await db()
    .select({ name: proofDeliverables.name, thumbKey: proofPages.thumbKey })
    .from(proofPages)
    .innerJoin(proofDeliverables, eq(proofDeliverables.id, proofPages.deliverableId))
    .where(
      and(
        eq(proofPages.deliverableId, deliverableId),
        eq(proofPages.page, pageNumber),
        eq(proofDeliverables.projectId, projectId),
      ),
    )
    .limit(1);
  if (!row?.thumbKey) return null;
  const body = await openUpload(row.thumbKey);
  return body
    ? { ...body, name: `${row.name}-page-${pageNumber}-thumb.png`, contentType: "image/png", inline: true }
    : null;
}
