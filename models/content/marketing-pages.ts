// Rules of the marketing pages, pure so they are unit-tested: which strategy
// content a ?service= value shows, what the spotlight shows after n clicks,
// which solutions tab a colour opens on, how prices read.
import { formatMajor } from "../platform/money";
import { SPOTLIGHT_VIDEO_EVERY, SPOTLIGHT_VISIBLE_IMAGES } from "./marketing-counts";
import type {
  PackageColour,
  Region,
  ServicesContent,
  SolutionTab,
  StrategyContent,
} from "./marketing-content";

/**
 * The service a ?service= value names (already URL-decoded by URLSearchParams),
 * matched without regard to case or surrounding spaces; null when there is
 * none, and the page shows the default cards.
 */
export function findStrategyService(content: StrategyContent, value: string | null) {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  return content.services.find((s) => s.name.toLowerCase() === wanted) ?? null;
}

/** "LET THIS {SERVICE} SOLUTION WORK FOR YOU, EVERY WEEK." with the name filled in. */
export const scalabilityLine = (template: string, serviceName: string) =>
  template.replace("{SERVICE}", serviceName.toUpperCase());

type SpotlightItem = ServicesContent["spotlight"]["items"][number];
export type SpotlightView =
  { kind: "video"; items: SpotlightItem[] } | { kind: "images"; items: SpotlightItem[] };

/** Load More clicks come in the URL (?spotlight=n): a whole number, else 0. */
export function parseClicks(value: string | null): number {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : 0;
}

/**
 * After `clicks` Load More clicks: every 4th click shows the single video,
 * any other count two different images picked at random.
 */
export function spotlightView(
  items: SpotlightItem[],
  clicks: number,
  random: () => number = Math.random,
): SpotlightView {
  if (clicks > 0 && clicks % SPOTLIGHT_VIDEO_EVERY === 0) {
    return { kind: "video", items: items.filter((i) => i.type === "video").slice(0, 1) };
  }
  const pool = items.filter((i) => i.type === "image");
  const chosen: SpotlightItem[] = [];
  while (chosen.length < Math.min(SPOTLIGHT_VISIBLE_IMAGES, pool.length)) {
    const [item] = pool.splice(Math.floor(random() * pool.length), 1);
    chosen.push(item!);
  }
  return { kind: "images", items: chosen };
}

/** The tab the solutions page opens on: ?tab= when valid, else SUPPORT-PACK for purple, else SUBSCRIPTIONS. */
export function solutionsTab(
  colour: PackageColour | null,
  tab: string | null,
  tabs: readonly SolutionTab[],
): SolutionTab {
  const asked = tabs.find((t) => t === tab);
  if (asked) return asked;
  return colour === "purple" ? "support-pack" : "subscriptions";
}

/** A region from ?region=, US when missing or unknown. */
export function parseRegion(value: string | null, regions: readonly Region[]): Region {
  return regions.find((r) => r === value) ?? regions[0]!;
}

const CURRENCY: Record<Region, string> = { us: "USD", eu: "EUR", in: "INR" };

/** "$70", "€65", "₹5,800": whole amounts in the region's currency. */
export const formatPrice = (amount: number, region: Region) => formatMajor(amount, CURRENCY[region], "whole");

/** The token purchase page of the dashboard; anonymous visitors sign in first and come back to it. */
const TOKEN_PURCHASE_PATH = "/dashboard2/billing/tokens";
export function getTokensHref(signedIn: boolean, choice?: { package: string; region: Region }): string {
  const target = choice
    ? `${TOKEN_PURCHASE_PATH}?${new URLSearchParams({ package: choice.package, region: choice.region })}`
    : TOKEN_PURCHASE_PATH;
  return signedIn ? target : `/login?${new URLSearchParams({ redirectTo: target })}`;
}

/** A plan's Subscribe on /solutions: its checkout in the dashboard; anonymous visitors sign in first and come back to it. */
export function subscribeHref(signedIn: boolean, checkoutPath: string): string {
  return signedIn ? checkoutPath : `/login?${new URLSearchParams({ redirectTo: checkoutPath })}`;
}
