// Durations and distances the specs fix. Each one is asserted by a test.

/** Navbar rotating word list: a new word every 2000 ms (spec 000 §9). */
export const ROTATING_WORD_INTERVAL_MS = 2000;
/** Navbar rotating word list: each step moves 25 px (spec 000 §9). */
export const ROTATING_WORD_STEP_PX = 25;
/** The layout switches to the narrow (hamburger) layout below this width (spec 000 §9). */
export const NARROW_SCREEN_BREAKPOINT_PX = 1024;

/** The contact page's live indicator blinks every 2.5 s, for 0.2 s (spec 000 §2). */
export const BLINK_INTERVAL_MS = 2500;
export const BLINK_DURATION_MS = 200;
/** Contact tiles scroll to their section leaving 100 px above it (spec 000 §9). */
export const CONTACT_SCROLL_OFFSET_PX = 100;
