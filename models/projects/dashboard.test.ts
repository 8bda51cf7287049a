import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentPeriod, DASHBOARD_CONTENT, tokenUsagePercent } from "./dashboard";
import { SEEDS_DIR } from "../platform/paths.server";

describe("token usage", () => {
  it("is spent of granted in whole percent, 0 when nothing was granted", () => {
    expect(tokenUsagePercent(0, 0)).toBe(0);
    expect(tokenUsagePercent(5, 0)).toBe(0);
    expect(tokenUsagePercent(34, 50)).toBe(68);
    expect(tokenUsagePercent(1, 3)).toBe(33);
    expect(tokenUsagePercent(80, 50)).toBe(100);
  });

  it("uses the calendar month as the period until subscriptions exist", () => {
    const { start, end } = currentPeriod(new Date("2026-02-14T12:00:00Z"));
    expect(start.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("dashboard seeds", () => {
  for (const [key, schema] of Object.entries(DASHBOARD_CONTENT)) {
    it(`${key}.json matches its schema`, async () => {
      const data = JSON.parse(await readFile(path.join(SEEDS_DIR, `${key}.json`), "utf8"));
      expect(schema.safeParse(data).error?.issues ?? []).toEqual([]);
    });
  }

  it("needs three recommendations", () => {
    const one = { title: "A", description: "B", accent: "green", cta: { label: "Go", href: "/x" } };
    expect(DASHBOARD_CONTENT.recommendations.safeParse({ items: [one, one] }).success).toBe(false);
    expect(DASHBOARD_CONTENT.recommendations.safeParse({ items: [one, one, one] }).success).toBe(true);
  });
});
