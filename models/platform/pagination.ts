// Every back-office list is paged the same way: ?page=N, PAGE_SIZE rows.

/** Rows per page on every back-office list. */
export const PAGE_SIZE = 25;

export type Page = { page: number; pageCount: number; offset: number; limit: number; total: number };

/** The page number in a URL: a whole number from 1; anything else is page 1. */
export function pageNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
}

/** Where a page starts, given the total; a page past the end shows the last one. */
export function paginate(total: number, requested: number, size = PAGE_SIZE): Page {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * size, limit: size, total };
}

/** A search text as a LIKE pattern that matches it literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
