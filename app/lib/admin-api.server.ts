import { pageNumber, type Page } from "~models/platform/pagination";
import { methodNotAllowed, withApiErrors } from "./api.server";
import { BACK_OFFICE_HEADERS, requireStaffApi } from "./admin.server";

// The admin API's conventions: staff only (anyone else gets 404), never
// cached, lists paged as {count, page, page_count, results}.

export function adminJson(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, { ...init, headers: { ...BACK_OFFICE_HEADERS, ...init.headers } });
}

export function pagedJson<T>(page: Page, results: T[]): Response {
  return adminJson({ count: page.total, page: page.page, page_count: page.pageCount, results });
}

type StaffCall = Awaited<ReturnType<typeof requireStaffApi>> & {
  /** The query string's filters. */
  params: URLSearchParams;
  /** Its ?page=, 1 when missing or odd. */
  page: number;
};

/**
 * One admin API call: strangers get 404 before anything else (the back-office
 * does not reveal itself), then `handler` runs with the staff caller and the
 * query; failures answer in the API's error shape with `error` for a 500.
 */
export function staffApiCall(
  request: Request,
  error: string,
  handler: (call: StaffCall) => Promise<Response>,
): Promise<Response> {
  return withApiErrors(error, async () => {
    const staff = await requireStaffApi(request);
    const params = new URL(request.url).searchParams;
    return handler({ ...staff, params, page: pageNumber(params.get("page")) });
  });
}

/** For a GET-only admin endpoint: other methods answer 404 to strangers, 405 to staff. */
export function staffOnlyMethods(request: Request, allowed: string[]): Promise<Response> {
  return staffApiCall(request, "Request failed", async () => methodNotAllowed(request, allowed));
}
