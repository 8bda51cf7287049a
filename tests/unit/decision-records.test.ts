import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md indexes every decision record with its status.

const dir = path.resolve(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, "README.md"), "utf8");
const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!);

describe("the decision records' index", () => {
  it("lists every record, once, with a status", () => {
    const rows = index.split("\n").filter((line) => /^\| \[\d{4}\]/.test(line));
    const listed = rows.map((row) => /^\| \[\d{4}\]\(([^)]+)\)/.exec(row)![1]!);
    expect([...listed].sort()).toEqual([...records].sort());
    for (const row of rows) expect(row, row).toMatch(/\| (accepted|withdrawn)[^|]*\|$/);
  });

  it("links only to records that exist", () => {
    for (const name of linked) expect(records, name).toContain(name);
  });
});
