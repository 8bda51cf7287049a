/** Where a redirect goes when the one asked for is missing or unsafe. */
export const DEFAULT_REDIRECT_PATH = "/dashboard2";

// Browsers strip tabs and newlines from URLs and read a backslash as a slash,
// so "/\t/evil", "/\\evil" and "/./\\/evil" all reach another host. Anything
// of the kind is refused rather than cleaned up.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;
/** Decoding stops here: a target encoded more often than this is not a link we made. */
const MAX_DECODE_ROUNDS = 3;

/** Whether one spelling of a target is a plain path on this site. */
const isLocalPath = (path: string) =>
  path.startsWith("/") && !path.startsWith("//") && !UNSAFE_CHARACTER.test(path);

// Only ASCII escapes matter to the checks (slashes, backslashes, control
// characters), and this never throws on a stray "%", unlike decodeURIComponent.
const decodeAsciiEscapes = (path: string) =>
  path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A redirect target from input (a form field, a query parameter), reduced to a
 * path on this site, or `fallback`. The target is checked as sent, after each
 * round of percent-decoding ("%2F%2Fevil" is "//evil" to some servers), and
 * once more after the URL parser has resolved dot segments ("/.//evil" becomes
 * "//evil"). A scheme ("https:", "javascript:") never passes: a local path
 * starts with "/".
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = DEFAULT_REDIRECT_PATH,
): string {
  if (typeof to !== "string") return fallback;
  let spelling = to;
  for (let round = 0; ; round++) {
    if (!isLocalPath(spelling)) return fallback;
    const decoded = decodeAsciiEscapes(spelling);
    if (decoded === spelling) break;
    if (round === MAX_DECODE_ROUNDS) return fallback;
    spelling = decoded;
  }
  let resolved: string;
  try {
    const url = new URL(to, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    resolved = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
  // The resolved form is what the browser will follow: check it the same way.
  return resolved === to || safeRedirect(resolved, fallback) === resolved ? resolved : fallback;
}
