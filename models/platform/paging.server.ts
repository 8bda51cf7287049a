import { paginate, type Page } from "./pagination";

// Client-side lists (dashboard tabs, /order, the API's list reads) are paged
// like the back-office's (models/back-office/paging.server.ts) but read the
// page and the count at once: two statements side by side, not one after the
// other. Only a page past the end costs a third read (the last page).

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
