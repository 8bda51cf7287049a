// The page links of every paged list (back-office and client): plain links
// (they work without JavaScript), inside a labelled nav, that keep the list's
// filters and sort in the URL and change only their own page parameter.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from "~/components/pager";

type Props = Parameters<typeof Pager>[0];
const render = (
  url: string,
  { page = 2, pageCount = 5, total = 120, ...props }: Partial<Omit<Props, "page"> & Props["page"]> = {},
) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Pager
        page={{ page, pageCount, total }}
        noun={["project", "projects"]}
        label="Project pages"
        {...props}
      />
    </MemoryRouter>,
  );

/** The rel="prev" / rel="next" links of the markup, by rel. */
const hrefs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => [
      /rel="([^"]+)"/.exec(tag)?.[1],
      /href="([^"]+)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&"),
    ]),
  );

describe("page links", () => {
  it("links to the pages around this one, keeping the filters", () => {
    const html = render("/admin/projects?status=all&q=logo&page=2");
    expect(html).toContain('<nav aria-label="Project pages"');
    expect(html).toContain('120 projects · <span aria-current="page">page 2 of 5</span>');
    expect(hrefs(html)).toEqual({
      prev: "/admin/projects?status=all&q=logo",
      next: "/admin/projects?status=all&q=logo&page=3",
    });
  });

  it("a list's own parameter leaves the page's other lists where they are", () => {
    const html = render("/admin/clients/abc?projects=2&ledger=7", {
      page: 7,
      pageCount: 800,
      total: 20_000,
      noun: ["ledger row", "ledger rows"],
      param: "ledger",
      label: "Ledger pages",
    });
    expect(html).toContain('<nav aria-label="Ledger pages"');
    expect(hrefs(html)).toEqual({
      prev: "/admin/clients/abc?projects=2&ledger=6",
      next: "/admin/clients/abc?projects=2&ledger=8",
    });
  });

  it("has no next link on the last page and no previous link on the first", () => {
    expect(hrefs(render("/admin/outbox?page=5", { page: 5 }))).toEqual({ prev: "/admin/outbox?page=4" });
    expect(hrefs(render("/admin/outbox", { page: 1 }))).toEqual({ next: "/admin/outbox?page=2" });
  });

  it("draws nothing for a list that fits one page", () => {
    expect(render("/admin/outbox", { page: 1, pageCount: 1, total: 3 })).toBe("");
  });
});
