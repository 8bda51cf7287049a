import { describe, expect, it } from "vitest";
import { containsPattern, pageNumber, paginate, PAGE_SIZE } from "./pagination";

describe("pagination", () => {
  it("shows 25 rows a page", () => {
    expect(PAGE_SIZE).toBe(25);
  });

  it("reads ?page= as a whole number from 1", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "two", "1e3x"]) expect(pageNumber(bad)).toBe(1);
  });

  it("clamps to the pages there are", () => {
    expect(paginate(0, 1)).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 25, total: 0 });
    expect(paginate(51, 3)).toEqual({ page: 3, pageCount: 3, offset: 50, limit: 25, total: 51 });
    expect(paginate(51, 9).page).toBe(3);
    expect(paginate(50, 2, 10)).toMatchObject({ pageCount: 5, offset: 10 });
  });

  it("searches for the text literally (LIKE wildcards escaped)", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
