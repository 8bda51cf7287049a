// Durations, distances and counts the marketing pages take from the product requirements
// (docs/product.md, "Marketing pages"). Each one is asserted by
// marketing-constants.test.ts, and the components and CSS read them from here.
// The counts the content is validated against live with the content schemas
// (models/content/marketing-counts.ts) and are re-exported here.
export {
  CONTACT_VIDEO_COUNT,
  FEATURE_CARDS_PER_SERVICE,
  HERO_SLIDE_COUNT,
  MARQUEE_TILE_COUNT,
  SPOTLIGHT_VIDEO_EVERY,
  SPOTLIGHT_VISIBLE_IMAGES,
  STRATEGY_SERVICE_COUNT,
} from "~models/content/marketing-counts";

/** Home hero slider: one step every 5000 ms, wrapping (HERO_SLIDE_COUNT slides). */
export const HERO_SLIDE_INTERVAL_MS = 5000;

/** Hero "Learn More" scrolls one screen height minus this offset. */
export const LEARN_MORE_OFFSET_PX = 80;

/** Explore Custom Solutions: each arrow click moves one card of this width (gap included). */
export const PACKAGE_STEP_PX = 290;
/** The gap between two package cards, inside the step. */
export const PACKAGE_GAP_PX = 20;

/** Window widths (inclusive upper bounds) at which the package slider changes layout. */
export const BREAKPOINTS_PX = { phone: 767, tablet: 1023, laptop: 1439 } as const;

/**
 * Package slider layout by window width: how many cards are visible and how
 * many arrow steps there are before it wraps to the start.
 */
export const PACKAGE_SLIDER_TABLE = [
  { maxWidth: BREAKPOINTS_PX.phone, visible: 1, steps: 6 },
  { maxWidth: BREAKPOINTS_PX.tablet, visible: 2, steps: 6 },
  { maxWidth: BREAKPOINTS_PX.laptop, visible: 3, steps: 5 },
  { maxWidth: Number.POSITIVE_INFINITY, visible: 4, steps: 4 },
] as const;

/** Popular Brands marquee: the list (MARQUEE_TILE_COUNT tiles) repeated once so the loop is seamless. */
export const MARQUEE_LOOP_SECONDS = 40;

/** Services intro bars: widths on wide screens, at or below the narrow breakpoint, and delays. */
export const SERVICE_BAR_WIDTHS_PX = [480, 350, 200] as const;
export const SERVICE_BAR_NARROW_WIDTHS_PX = [250, 170, 90] as const;
export const SERVICE_BAR_DELAYS_MS = [100, 300, 400] as const;
/** The services intro uses the narrow widths at this window width or below. */
export const SERVICES_NARROW_MAX_PX = 1024;
/** How long one bar takes to grow (BRAND.md: motion at most 500 ms). */
export const SERVICE_BAR_GROW_MS = 500;

/** Solutions tabs: about 0.5 s in all, half sliding out, half sliding in. */
export const TAB_SWITCH_MS = 500;
