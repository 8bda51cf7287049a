// Value lists of the marketing content, without zod, so pages can use them in
// the browser without shipping the schemas (marketing-content.ts re-exports them).

/** Package colours: the /solutions/{scolor} segment (docs/product.md, "Marketing pages"). */
export const PACKAGE_COLOURS = ["green", "blue", "yellow", "red", "purple"] as const;
export type PackageColour = (typeof PACKAGE_COLOURS)[number];

/** The solutions page's tabs, in order (?tab=). */
export const SOLUTION_TABS = ["subscriptions", "support-pack", "consultation"] as const;
export type SolutionTab = (typeof SOLUTION_TABS)[number];

/** Pricing regions of the Creative Tokens page (?region=): US, Europe, India. */
export const REGIONS = ["us", "eu", "in"] as const;
export type Region = (typeof REGIONS)[number];
