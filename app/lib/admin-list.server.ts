import { pageNumber } from "~models/platform/pagination";

/**
 * A back-office list's query string and its ?page= (1 when missing or odd).
 * It checks nothing: its handler has the staff caller from staffOf or staffApiOf first.
 */
export function listQuery(request: Request): { params: URLSearchParams; page: number } {
  const params = new URL(request.url).searchParams;
  return { params, page: pageNumber(params.get("page")) };
}
