import { paginate, type Page } from "../platform/pagination";

/**
 * One page of a staff list: `total` counts the rows the list's filter keeps,
 * the requested page is clamped to the last one, then `read` reads that page
 * (its query applies `page.limit` and `page.offset`).
 */
export async function readPage<Row>(
  requestedPage: number,
  total: PromiseLike<Array<{ n: number }>>,
  read: (page: Page) => PromiseLike<Row[]>,
): Promise<{ rows: Row[]; page: Page }> {
  const [counted] = await total;
  const page = paginate(counted?.n ?? 0, requestedPage);
  return { rows: await read(page), page };
}
