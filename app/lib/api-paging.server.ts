// Paging of the REST API's list reads (docs/decisions/0041-growth-and-pagination.md).
// The body stays what the spec says (a JSON array); the page is chosen with
// optional ?page= (from 1) and ?page_size= (1 to API_MAX_PAGE_SIZE, default
// API_PAGE_SIZE), and told in headers: X-Total-Count, X-Page, X-Page-Count and
// a Link header (RFC 8288) with first, prev, next and last. A page past the
// end is an empty array (a client reading pages until an empty one stops).

/** Rows of a list read when ?page_size= is not given. */
const API_PAGE_SIZE = 50;
/** The largest ?page_size= honoured; a larger one is cut to it. */
const API_MAX_PAGE_SIZE = 100;

export type ApiPage = { page: number; size: number; offset: number };

const wholeNumber = (value: string | null) => {
  const n = Number(value);
  return value !== null && value.trim() !== "" && Number.isInteger(n) && n >= 1 ? n : null;
};

/** The page a list read asks for: odd or missing values fall back to page 1 and the default size. */
export function apiPageOf(request: Request): ApiPage {
  const params = new URL(request.url).searchParams;
  const page = Math.min(wholeNumber(params.get("page")) ?? 1, 1_000_000);
  const size = Math.min(wholeNumber(params.get("page_size")) ?? API_PAGE_SIZE, API_MAX_PAGE_SIZE);
  return { page, size, offset: (page - 1) * size };
}

/** The rows as a JSON array, with the count and the links to the other pages in headers. */
export function pagedApiJson(request: Request, rows: unknown[], total: number, page: ApiPage): Response {
  const pageCount = Math.max(1, Math.ceil(total / page.size));
  const url = new URL(request.url);
  const link = (n: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set("page", String(n));
    if (page.size !== API_PAGE_SIZE) target.searchParams.set("page_size", String(page.size));
    else target.searchParams.delete("page_size");
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, pageCount), "prev"));
  if (page.page < pageCount) links.push(link(page.page + 1, "next"));
  links.push(link(pageCount, "last"));
  return Response.json(rows, {
    headers: {
      "X-Total-Count": String(total),
      "X-Page": String(page.page),
      "X-Page-Count": String(pageCount),
      Link: links.join(", "),
    },
  });
}
