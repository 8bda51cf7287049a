import type { MetaDescriptor } from "react-router";

/**
 * A back-office page's meta. The deepest route's meta replaces its parents',
 * so every page repeats the robots rule (the headers say it too).
 */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} — Back-office` },
  { name: "robots", content: "noindex, nofollow" },
];
