// The wallet's pure rules: what a spend would draw before it is made (the
// same oldest-first allocation spendTokens uses, from tokens.ts), when a
// grant's expiry reminders are due, and the words they use. No database here;
// models/billing/wallet.server.ts reads the lots and sends the reminders.
import { allocateSpend, REASON_LABELS, spendableBalance, type LedgerReason, type Lot } from "./tokens";
import { WALLET_REMINDER_DAYS } from "../schema/values";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A grant with tokens left, and where it came from (its grant reason). */
export type SourcedLot = Lot & { reason: LedgerReason };

/** One grant a spend would draw from, as the preview shows it. */
export type PreviewLot = { tokens: number; expiresAt: Date; source: string };

/**
 * What a spend of `cost` would do, read before the client confirms: the
 * balance now (live grants), the balance after, and the grants it draws from,
 * oldest first, as spendTokens would take them. `enough` is false when the
 * balance is short; then nothing would be spent and `lots` is empty.
 */
export type SpendPreview = {
  cost: number;
  balance: number;
  after: number;
  enough: boolean;
  lots: PreviewLot[];
};

/** The source label of a grant: why the tokens were given ("Token package", "Subscription tokens"…). */
const sourceLabel = (reason: LedgerReason) => REASON_LABELS[reason] ?? "Creative Tokens";

/**
 * The preview of a spend of `cost` from `lots` at `now`. The lots come from
 * allocateSpend, the function spendTokens draws with, so the preview names
 * exactly the grants a spend at the same instant takes.
 */
export function planSpend(lots: SourcedLot[], cost: number, now: Date): SpendPreview {
  const balance = spendableBalance(lots, now);
  if (cost <= 0) return { cost: 0, balance, after: balance, enough: true, lots: [] };
  const allocations = allocateSpend(lots, cost, now);
  if (!allocations) return { cost, balance, after: balance, enough: false, lots: [] };
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  return {
    cost,
    balance,
    after: balance - cost,
    enough: true,
    lots: allocations.map((a) => {
      const lot = byId.get(a.lotId)!;
      return { tokens: a.amount, expiresAt: lot.expiresAt, source: sourceLabel(lot.reason) };
    }),
  };
}

/** Reminders go out this many days before a grant expires, once each (decision 0049). */
export const REMINDER_DAYS = WALLET_REMINDER_DAYS;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/**
 * The reminder due for a grant expiring at `expiresAt`, seen at `now`: the
 * nearest threshold the grant is within (30, 7 or 1 days), or null when it is
 * further off than 30 days or already expired. A reminder missed while no job
 * ran is not sent late: only the nearest one is due.
 */
export function reminderDue(expiresAt: Date, now: Date): ReminderDays | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return null;
  for (const days of [...REMINDER_DAYS].sort((a, b) => a - b)) if (left <= days * DAY_MS) return days;
  return null;
}

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "3 Jan": the day tokens expire (UTC, as every date on the site). No year:
 * a grant lives 90 days, so the day is never more than three months off and
 * never ambiguous. Emails, read later, give the year.
 */
export const expiryDay = (expiresAt: Date): string => dayMonth.format(expiresAt);

/** "3 Jan 2027": a day with its year (UTC). */
export const fullDay = (day: Date): string => dayMonthYear.format(day);

/** "in 7 days", "within a day". */
export function timeLeft(expiresAt: Date, now: Date): string {
  const days = Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
  return days <= 1 ? "within a day" : `in ${days} days`;
}

const tokensWord = (n: number) => (n === 1 ? "token" : "tokens");

export const WALLET_MESSAGES = {
  /** The dashboard's line: "120 tokens expire on 3 Jan". */
  expiryLine: (tokens: number, day: string) =>
    `${tokens} ${tokensWord(tokens)} ${tokens === 1 ? "expires" : "expire"} on ${day}`,
  reminderTitle: "Tokens expire soon",
  reminderMessage: (tokens: number, day: string, left: string) =>
    `${tokens} Creative ${tokens === 1 ? "Token expires" : "Tokens expire"} on ${day} (${left}). ` +
    `Spend ${tokens === 1 ? "it" : "them"} in the shop before then.`,
  reminderSubject: (tokens: number, day: string) =>
    `${tokens} Creative ${tokens === 1 ? "Token expires" : "Tokens expire"} on ${day}`,
  cartChanged:
    "Your cart changed after you reviewed it, so nothing was spent. Check the new total and confirm again.",
} as const;

/** The shop, where a reminder sends the client to spend their tokens. */
export const SPEND_LINK = "/dashboard2/shop";

const SPEND_BUTTON_STYLE =
  "display: inline-block; padding: 10px 18px; border-radius: 999px; background: #111; color: #fff; text-decoration: none; font-weight: 600;";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An expiry reminder as email: the same words as plain text and as simple
 * HTML (one paragraph per line, the link as a button-like link), so it reads
 * in any mail client.
 */
export function reminderEmail(input: {
  tokens: number;
  expiresAt: Date;
  now: Date;
  siteName: string;
  spendUrl: string;
}): { subject: string; text: string; html: string } {
  const day = dayMonthYear.format(input.expiresAt);
  const left = timeLeft(input.expiresAt, input.now);
  const subject = WALLET_MESSAGES.reminderSubject(input.tokens, day);
  const lines = [
    "Hello,",
    WALLET_MESSAGES.reminderMessage(input.tokens, day, left),
    "Tokens are valid for 90 days from the day you get them; unspent tokens expire and cannot be spent after that.",
  ];
  const sign = `— The ${input.siteName} team`;
  const text = `${lines.join("\n\n")}\n\nSpend them: ${input.spendUrl}\n\n${sign}\n`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.spendUrl)}" style="${SPEND_BUTTON_STYLE}">Spend them in the shop</a></p>`,
    `<p>${escapeHtml(sign)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
