// The counts the marketing content is validated against and the spotlight's
// paging rule (docs/product.md, "Marketing pages"). They belong to the content's
// shape, so they live here; app/lib/marketing-constants.ts re-exports them next
// to the durations and distances the pages and CSS use, and its test asserts them.

/** Home hero slider: 4 slides. */
export const HERO_SLIDE_COUNT = 4;

/** Popular Brands marquee: 16 tiles. */
export const MARQUEE_TILE_COUNT = 16;

/** Projects in spotlight: 2 images at a time; every 4th Load More shows the video. */
export const SPOTLIGHT_VISIBLE_IMAGES = 2;
export const SPOTLIGHT_VIDEO_EVERY = 4;

/** Strategy page: 8 services, 5 feature cards each; the contact video is one of 3. */
export const STRATEGY_SERVICE_COUNT = 8;
export const FEATURE_CARDS_PER_SERVICE = 5;
export const CONTACT_VIDEO_COUNT = 3;
