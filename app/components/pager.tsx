import { Link, useLocation, useSearchParams } from "react-router";

/** What a paged list needs to draw its links (models/platform/pagination.ts's Page fits). */
export type PagerPage = { page: number; pageCount: number; total: number };

/**
 * The pages of a client-side list: "page X of Y" and Previous / Next links
 * that keep the rest of the query string (filters, another list's page), so
 * they work without JavaScript. Nothing is drawn for a list that fits one page.
 * `param` names the list's own page in the URL (`page` unless the page has two lists).
 */
export function Pager({
  page,
  label,
  param = "page",
  noun,
  hash,
}: {
  page: PagerPage;
  /** The nav's accessible name, e.g. "Projects pages". */
  label: string;
  param?: string;
  noun: [string, string];
  /** Where the links land on the page (the list's heading), so a long page does not jump to the top. */
  hash?: string;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (page.pageCount <= 1) return null;
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete(param);
    else next.set(param, String(n));
    const query = next.toString();
    return `${pathname}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
  };
  const link = "rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-text-muted" data-testid="pager-summary">
        {`${page.total} ${page.total === 1 ? noun[0] : noun[1]} · `}
        <span aria-current="page">{`page ${page.page} of ${page.pageCount}`}</span>
      </p>
      <div className="flex gap-2">
        {page.page > 1 ? (
          <Link to={href(page.page - 1)} className={link} rel="prev">
            Previous<span className="sr-only"> page</span>
          </Link>
        ) : null}
        {page.page < page.pageCount ? (
          <Link to={href(page.page + 1)} className={link} rel="next">
            Next<span className="sr-only"> page</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
