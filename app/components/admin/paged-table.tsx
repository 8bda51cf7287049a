import type { ReactNode } from "react";
import type { Page } from "~models/platform/pagination";
import { Pager } from "../pager";
import { DataTable, EmptyState } from "./ui";

/**
 * A back-office list: its rows in a table (or what to say when there are
 * none), then the pages. `children` draws one row.
 */
export function PagedTable<Row>({
  rows,
  caption,
  columns,
  empty,
  page,
  noun,
  children,
}: {
  rows: Row[];
  caption: string;
  columns: string[];
  empty: ReactNode;
  page: Pick<Page, "page" | "pageCount" | "total">;
  noun: [string, string];
  children: (row: Row) => ReactNode;
}) {
  return (
    <>
      {rows.length ? (
        <DataTable caption={caption} columns={columns}>
          {rows.map(children)}
        </DataTable>
      ) : (
        <EmptyState>{empty}</EmptyState>
      )}
      <Pager page={page} noun={noun} label={`${caption} pages`} />
    </>
  );
}
