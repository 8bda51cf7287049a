import { describe, expect, it } from "vitest";
import { COMPARE_MESSAGES, defaultPair, readProofQuery, staffViewHref, thumbBox } from "./proofing-view";

const versions = [{ version: 3 }, { version: 2 }, { version: 1 }];
const query = (search: string) => readProofQuery(new URLSearchParams(search), versions);

describe("readProofQuery", () => {
  it("opens the latest version's first page unless the URL names an existing one", () => {
    expect(query("").view).toEqual({ version: 3, page: 1 });
    expect(query("v=2&p=4").view).toEqual({ version: 2, page: 4 });
    expect(query("v=9&p=0").view).toEqual({ version: 3, page: 1 });
    expect(query("v=1e3&p=-2").view).toEqual({ version: 3, page: 1 });
    expect(readProofQuery(new URLSearchParams("v=1"), []).view).toBeNull();
  });

  it("compares two existing, different versions on a page", () => {
    expect(query("")).toMatchObject({ compare: null, compareError: null });
    expect(query("a=1&b=3&page=2").compare).toEqual({ a: 1, b: 3, page: 2 });
    expect(query("a=1&b=3").compare).toEqual({ a: 1, b: 3, page: 1 });
    expect(query("a=1&b=4")).toMatchObject({ compare: null, compareError: COMPARE_MESSAGES.chooseTwo });
    expect(query("a=&b=2")).toMatchObject({ compare: null, compareError: COMPARE_MESSAGES.chooseTwo });
    expect(query("a=2&b=2")).toMatchObject({ compare: null, compareError: COMPARE_MESSAGES.sameVersion });
  });

  it("offers the version before the latest against the latest first", () => {
    expect(defaultPair(versions)).toEqual({ a: 2, b: 3 });
    expect(defaultPair([{ version: 1 }])).toBeNull();
  });
});

describe("thumbBox", () => {
  it("keeps the proportions, 160 px on the long side; a 4:3 box when the size is unknown", () => {
    expect(thumbBox({ width: 1200, height: 849 })).toEqual({ width: 160, height: 113 });
    expect(thumbBox({ width: 300, height: 4000 })).toEqual({ width: 12, height: 160 });
    expect(thumbBox({ width: 5000, height: 2 })).toEqual({ width: 160, height: 1 });
    expect(thumbBox({ width: null, height: null })).toEqual({ width: 160, height: 120 });
  });
});

it("staffViewHref opens the viewer on a version's page", () => {
  expect(staffViewHref("p1", 2, 3)).toBe("/admin/projects/p1/proofing?v=2&p=3#viewer");
});
