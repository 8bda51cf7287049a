import type { Page } from "~models/platform/pagination";
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

/** For a GET-only admin endpoint: other methods answer 404 to strangers, 405 to staff. */
export function staffOnlyMethods(request: Request, allowed: string[]): Promise<Response> {
  return withApiErrors("Request failed", async () => {
    await requireStaffApi(request);
    return methodNotAllowed(request, allowed);
  });
}
