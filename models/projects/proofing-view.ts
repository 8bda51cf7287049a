// What the staff proofing page (/admin/projects/:id/proofing) shows, as pure
// rules: which version and page are open with their pins, which two versions
// are compared on which page (all in the URL, so a GET form and a link can set
// it without JavaScript), and the size of each thumbnail.

/** One previewable surface of a version: the image itself (page 1), or a PDF page rendered to PNG. */
export type Surface = { page: number; width: number | null; height: number | null };

/** The longest side of a thumbnail on the page, in CSS pixels. */
const THUMB_LONG_SIDE = 160;

/**
 * The box a thumbnail takes: its own proportions scaled to THUMB_LONG_SIDE on
 * the long side, or a 4:3 box when its size is not known (versions uploaded
 * before sizes were recorded); the image is contained in it either way.
 */
export function thumbBox(size: { width: number | null; height: number | null }): {
  width: number;
  height: number;
} {
  const { width, height } = size;
  if (!width || !height) return { width: THUMB_LONG_SIDE, height: (THUMB_LONG_SIDE * 3) / 4 };
  const scale = THUMB_LONG_SIDE / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A positive whole number from the URL, or null. */
function wholeNumber(value: string | null): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

export type ProofQuery = {
  /** The version and page open in the viewer (with its pins): the latest version's first page unless chosen. */
  view: { version: number; page: number } | null;
  /** The two versions compared and the page, when both were chosen and exist. */
  compare: { a: number; b: number; page: number } | null;
  /** Why a comparison asked for in the URL is not shown. */
  compareError: string | null;
};

export const COMPARE_MESSAGES = {
  chooseTwo: "Please choose two versions of this project to compare.",
  sameVersion: "Please choose two different versions to compare.",
  pageMissing: (version: number, page: number) => `Version ${version} has no preview of page ${page}.`,
} as const;

/**
 * Reads `?v=&p=` (the viewer) and `?a=&b=&page=` (the comparison) against the
 * project's versions (newest first). A version that does not exist falls back
 * to the latest in the viewer and is an error in the comparison.
 */
export function readProofQuery(search: URLSearchParams, versions: { version: number }[]): ProofQuery {
  const known = new Set(versions.map((v) => v.version));
  const latest = versions[0]?.version;
  const asked = wholeNumber(search.get("v"));
  const view =
    latest === undefined
      ? null
      : {
          version: asked !== null && known.has(asked) ? asked : latest,
          page: wholeNumber(search.get("p")) ?? 1,
        };
  if (!search.has("a") && !search.has("b")) return { view, compare: null, compareError: null };
  const a = wholeNumber(search.get("a"));
  const b = wholeNumber(search.get("b"));
  if (a === null || b === null || !known.has(a) || !known.has(b))
    return { view, compare: null, compareError: COMPARE_MESSAGES.chooseTwo };
  if (a === b) return { view, compare: null, compareError: COMPARE_MESSAGES.sameVersion };
  return { view, compare: { a, b, page: wholeNumber(search.get("page")) ?? 1 }, compareError: null };
}

/** The comparison the form offers first: the version before the latest against the latest. */
export function defaultPair(versions: { version: number }[]): { a: number; b: number } | null {
  return versions.length >= 2 ? { a: versions[1]!.version, b: versions[0]!.version } : null;
}

/** The staff proofing page with the viewer on `version`, page `page` (its pins beside it). */
export const staffViewHref = (projectId: string, version: number, page: number) =>
  `/admin/projects/${projectId}/proofing?v=${version}&p=${page}#viewer`;
