import { paginate, type Page } from "./pagination";

// The one pager (decisions 0041, 0069): every list in the app shows one page,
// and a page past the end shows the last one. It reads the count and the page
// in one of two orders, chosen by the list:
//
// - `readPage` (staff lists): the count, then the page clamped to it. Always
//   two statements, a page past the end too, which is what the staff lists'
//   budget holds at ten times the agency's size
//   (tests/integration/admin-lists-at-scale.test.ts).
// - `readListPage` (client lists: dashboard tabs, /order, the API's list
//   reads): the count and the wanted page side by side, two statements at
//   once; only a page past the end costs a third read (the last page).

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

/**
 * One page of a list of `size` rows: `count` counts the rows the list keeps,
 * `read` reads rows from an offset. A page past the end shows the last one.
 */
export async function readListPage<Row>(
  requested: number,
  size: number,
  count: () => PromiseLike<number>,
  read: (limit: number, offset: number) => PromiseLike<Row[]>,
): Promise<{ rows: Row[]; page: Page }> {
  const wanted = Math.max(1, requested);
  const [total, rows] = await Promise.all([count(), read(size, (wanted - 1) * size)]);
  const page = paginate(total, wanted, size);
  if (page.page === wanted) return { rows, page };
  return { rows: await read(page.limit, page.offset), page };
}
