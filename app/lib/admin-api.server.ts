import type { Page } from "~models/platform/pagination";
import { BACK_OFFICE_HEADERS } from "./admin.server";

// The admin API's conventions: staff only (the staff gate answers anyone else
// 404, staff-gate.server.ts), never cached, lists paged as {count, page, page_count, results}.

export function adminJson(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, { ...init, headers: { ...BACK_OFFICE_HEADERS, ...init.headers } });
}

export function pagedJson<T>(page: Page, results: T[]): Response {
  return adminJson({ count: page.total, page: page.page, page_count: page.pageCount, results });
}
