// axe-core for the accessibility gate and the tests that run it on a page
// they have built up. The rule set is WCAG 2.2 A and AA; a finding counts when
// its impact is serious or critical.
//
// axe runs inside the page: its source is evaluated once per document (about
// half a second), then each run asks only for violations. @axe-core/playwright
// does the same work around every run (it re-injects axe into each frame and
// gathers passes too), which made one run ~2 s instead of ~0.3 s. Our pages have
// no frames; a page that has one is checked through AxeBuilder, which reaches
// into frames.
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

async function violations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target as unknown[] })),
    }));
  }, AXE_TAGS);
}

/** The serious and critical violations axe finds on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await violations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}
