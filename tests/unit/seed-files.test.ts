import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEEDS_DIR } from "~models/platform/paths.server";
import { SHELL_BLOCKS, siteSchema } from "~models/content/site-content";

describe("seeds/", () => {
  for (const [key, schema] of Object.entries(SHELL_BLOCKS)) {
    it(`${key}.json matches its schema`, async () => {
      const data = JSON.parse(await readFile(path.join(SEEDS_DIR, `${key}.json`), "utf8"));
      const result = schema.safeParse(data);
      expect(result.error?.issues ?? []).toEqual([]);
    });
  }

  it("keeps the agency name usable in field names such as why_join_<name>", () => {
    expect(siteSchema.shape.name.safeParse("Ascendra").success).toBe(true);
    expect(siteSchema.shape.name.safeParse("Two Words").success).toBe(false);
    expect(siteSchema.shape.name.safeParse("ascendra").success).toBe(false);
  });
});
