// Kept apart from the schemas so that components can use it without
// shipping zod to the browser (the footer's newsletter box is on every page).

/** Hidden from people, tempting to bots: a public form that arrives with it filled is dropped. */
export const HONEYPOT_FIELD = "website_url";

/** Whether a submitted value counts as filled in (only a non-empty string does). */
export function isFilled(value: unknown): boolean {
  return typeof value === "string" && value !== "";
}
