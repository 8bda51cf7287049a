// The weekly digest's week and words (issue #40, decision 0078); the job that
// sends it is weekly-digest.server.ts.

/** India Standard Time, the agency's: UTC+05:30, no daylight saving. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The start of the digest's week holding `now`: Monday 00:00 in India, as an instant. */
export function digestWeekStart(now: Date): Date {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - sinceMonday * DAY_MS;
  return new Date(monday - IST_OFFSET_MS);
}

export type DigestFacts = {
  /** Projects' status changes in the last 7 days, oldest first, with the status's label. */
  changes: { title: string; status: string }[];
  /** Proof versions waiting on the organisation's review. */
  proofs: { title: string; version: number }[];
  balance: number;
  /** Tokens spent in the last 7 days, by who spent them (null: staff or the system). */
  spends: { who: string | null; tokens: number }[];
  /** Confirmed meetings in the coming week. */
  meetings: { title: string; startsAt: Date }[];
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const whenIst = (at: Date) =>
  new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at) + " IST";

/** The digest email's subject and plain text. */
export function digestText(input: {
  organisation: string;
  siteName: string;
  siteUrl: string;
  facts: DigestFacts;
}): { subject: string; text: string } {
  const { facts } = input;
  const base = input.siteUrl.replace(/\/$/, "");
  const spent = facts.spends.reduce((sum, s) => sum + s.tokens, 0);
  const section = (title: string, lines: string[], none: string) =>
    [title, ...(lines.length ? lines.map((line) => `- ${line}`) : [none]), ""].join("\n");
  const text = [
    `Your week at ${input.organisation}, from ${input.siteName}.`,
    "",
    section(
      "Project updates (last 7 days)",
      facts.changes.map((c) => `${c.title}: now ${c.status}`),
      "No status changes this week.",
    ),
    section(
      "Proofs waiting for your team's review",
      facts.proofs.map((p) => `${p.title}: version ${p.version}`),
      "Nothing waiting for review.",
    ),
    section(
      "Creative Tokens",
      [
        `Balance: ${plural(facts.balance, "token")}`,
        `Spent this week: ${plural(spent, "token")}`,
        ...facts.spends.map((s) => `${s.who ?? "The studio"}: ${plural(s.tokens, "token")}`),
      ],
      "",
    ),
    section(
      "Meetings ahead",
      facts.meetings.map((m) => `${m.title}: ${whenIst(m.startsAt)}`),
      "No meetings in the coming week.",
    ),
    `Your workspace: ${base}/dashboard2`,
    `Choose which emails you get on the Team page: ${base}/dashboard2/team`,
  ].join("\n");
  return { subject: `Your weekly digest for ${input.organisation}`, text };
}
