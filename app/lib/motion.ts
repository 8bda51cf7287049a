// Durations and distances the specs fix. Each one is asserted by a test.

/** Navbar rotating word list: a new word every 2000 ms (docs/product.md, "Marketing pages"). */
export const ROTATING_WORD_INTERVAL_MS = 2000;
/** Navbar rotating word list: each step moves 25 px (docs/product.md, "Marketing pages"). */
export const ROTATING_WORD_STEP_PX = 25;
/** The layout switches to the narrow (hamburger) layout below this width (docs/product.md, "Marketing pages"). */
export const NARROW_SCREEN_BREAKPOINT_PX = 1024;

/** The contact page's live indicator blinks every 2.5 s, for 0.2 s (docs/product.md, "Marketing pages"). */
export const BLINK_INTERVAL_MS = 2500;
export const BLINK_DURATION_MS = 200;
/** Contact tiles scroll to their section leaving 100 px above it (docs/product.md, "Marketing pages"). */
export const CONTACT_SCROLL_OFFSET_PX = 100;
