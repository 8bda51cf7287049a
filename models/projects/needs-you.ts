// Home's "Needs you now" (decision 0056): what waits for the client, in the
// order it needs them. Only the type and the order live here, so the page's
// browser code stays small; the words are made by the loader
// (needs-you-words.ts) and the facts read in one statement (needs-you.server.ts).

type WaitingKind =
  "payment" | "proof" | "returned" | "meeting" | "tokens" | "notifications" | "cart" | "profile";

/** One thing waiting, with whose move it is and the one link that deals with it; `key` is also its test id. */
export type Waiting = {
  key: string;
  kind: WaitingKind;
  /** Whose move it is, in plain words: "Your move", "You and the studio". */
  whose: string;
  text: string;
  to: string;
  action: string;
  /** When it can no longer wait (a meeting's start, tokens' expiry), ISO. */
  dueAt?: string;
  /** Since when it has waited (a proof delivered, a payment failed), ISO. */
  since?: string;
};

const HOUR_MS = 3_600_000;

/**
 * How urgent an item is, 0 first: anything due within a day (a meeting today,
 * tokens expiring tomorrow); then money (a plan stops without it); then the
 * studio waiting on the client (proofs, a returned brief: the delivery clock is
 * paused); then the week's meetings and tokens expiring within a week; then
 * later expiries; then housekeeping (notifications, cart, profile).
 */
function tier(item: Waiting, now: number): number {
  const hoursLeft = item.dueAt ? (Date.parse(item.dueAt) - now) / HOUR_MS : Infinity;
  if (hoursLeft <= 24) return 0;
  switch (item.kind) {
    case "payment":
      return 1;
    case "proof":
    case "returned":
      return 2;
    case "meeting":
      return 3;
    case "tokens":
      return hoursLeft <= 7 * 24 ? 3 : 4;
    default:
      return 5;
  }
}

const time = (iso: string | undefined, missing: number) => (iso ? Date.parse(iso) : missing);

/** Most urgent first; within a tier the soonest due, then the longest waiting, else as given. */
export function orderWaiting(items: readonly Waiting[], now: number): Waiting[] {
  return [...items].sort(
    (a, b) =>
      tier(a, now) - tier(b, now) ||
      time(a.dueAt, Infinity) - time(b.dueAt, Infinity) ||
      time(a.since, Infinity) - time(b.since, Infinity) ||
      0,
  );
}
