/**
 * A class attribute written in parts (one per line, so long Tailwind lists stay
 * readable): the parts joined with one space, exactly as a template literal
 * `${a} ${b}` would. An empty part is kept, so `classes(base, extra ?? "")` gives
 * the same string as `${base} ${extra ?? ""}` (a trailing space included).
 */
export const classes = (...parts: string[]): string => parts.join(" ");
