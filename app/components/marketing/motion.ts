// Browser helpers for the marketing pages' enhancements (JavaScript on).

/** Whether the visitor asked for less motion; checked at the moment of moving. */
export const prefersReducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** "smooth", unless the visitor prefers reduced motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? "auto" : "smooth");
