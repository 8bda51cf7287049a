// Manage account (docs/product.md, "Accounts"; its pages are the workspace's Settings, Wallet & billing
// and Activity since decision 0056): the small pure rules its pages show. No zod here, so the pages without forms stay light;
// the forms' schemas are in manage-account-forms.ts and ../projects/account-projects.ts.

/** The average of the client's ratings to one decimal (4.9), or null before the first rating. */
export function averageRating(ratings: number[]): number | null {
  if (!ratings.length) return null;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; joined back it is the same name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const clean = fullName.trim().replace(/\s+/g, " ");
  const space = clean.indexOf(" ");
  return space === -1
    ? { firstName: clean, lastName: "" }
    : { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}

export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** How a person is named to others (tracked projects, forms, meetings): the full name, else the username. */
export const displayNameOf = (user: { username: string; firstName: string; lastName: string }) =>
  fullNameOf(user) || user.username;

/** The avatar's initials: the first letters of the first and last name, else of the username. */
export function initialsOf(user: { firstName: string; lastName: string; username: string }): string {
  const name = fullNameOf(user);
  if (name) {
    const parts = name.split(" ");
    return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
  }
  return user.username.slice(0, 2).toUpperCase();
}

/** "Chrome on Windows" from a User-Agent header, for the sessions list. */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent || "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|HeadlessChrome\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl|node|undici|python|Go-http/i.test(ua)
              ? "A script"
              : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** Storage used against the quota, in whole percent (at most 100). */
export function storagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 0;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}
