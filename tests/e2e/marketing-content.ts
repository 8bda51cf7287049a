// The marketing pages' exact strings, read from the same seed files the pages
// render, so the tests and the UI share one source.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type {
  CreativeTokensContent,
  HomeContent,
  ServicesContent,
  SolutionsContent,
  StrategyContent,
} from "../../models/content/marketing-content";

const seed = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../seeds", `${name}.json`), "utf8")) as T;

export const HOME = seed<HomeContent>("home");
export const SERVICES = seed<ServicesContent>("services");
export const STRATEGY = seed<StrategyContent>("strategy");
export const SOLUTIONS = seed<SolutionsContent>("solutions");
export const TOKENS = seed<CreativeTokensContent>("creative-tokens");

/**
 * Phone, the 1024 px boundary and desktop with JavaScript, and the phone without it.
 * Every page checked here is an island (decision 0045): its script never changes the
 * layout, so JavaScript off at the wider widths repeated the same CSS's checks. What
 * JavaScript off proves (the server sends the whole page, links and forms work) is
 * proven once, at the narrowest width, where a layout breaks first.
 */
const WIDTHS = [375, 1024, 1440] as const;
export const LAYOUTS = [...WIDTHS.map((width) => ({ width, js: true })), { width: WIDTHS[0], js: false }].map(
  (layout) => ({ ...layout, name: `${layout.width} px, JavaScript ${layout.js ? "on" : "off"}` }),
);

/** Every <img> and <video> on the page has width, height and alt (or is a decorative video). */
export async function mediaWithoutDimensions(page: Page) {
  return page
    .locator(
      "main img:not([width]), main img:not([height]), main img:not([alt]), main video:not([width]), main video:not([height])",
    )
    .count();
}
