import { pageNumber } from "~models/platform/pagination";
import { requireStaff } from "./auth.server";

/** A back-office list's request: staff only (anyone else gets 404), its query string and ?page=. */
export async function staffListQuery(request: Request): Promise<{ params: URLSearchParams; page: number }> {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  return { params, page: pageNumber(params.get("page")) };
}
