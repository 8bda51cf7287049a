// Proofing's pure rules (docs/decisions/0047): which files can be proofed,
// what a revision round costs, what a pin is, and the words the pages use.
// No database here; proofing.server.ts applies these under the project's lock.
import { fileExtension, type FileKind } from "../platform/uploads";
import { PROOF_FILE_RULES } from "./proof-links";

export type ProofKind = "image" | "pdf";
export const proofKindOf = (contentType: string): ProofKind =>
  contentType === "application/pdf" ? "pdf" : "image";

/** At most this many PDF pages are rendered to images; later pages are commented on by number. */
export const MAX_RENDERED_PAGES = 30;

// ---------------------------------------------------------------------------
// What a round costs

/** The pricing tiers of /creative-tokens ("Graphic design usage"). */
export const TIERS = ["Basic", "Pro"] as const;
export type Tier = (typeof TIERS)[number];

/**
 * The client's tier: the Pro plan ("a senior creative team") works at the Pro
 * tier ("gets a senior designer"); every other plan, and no plan, at Basic.
 */
export function tierForPlan(planId: string | null | undefined): Tier {
  return planId === "pro" ? "Pro" : "Basic";
}

/** The per-revision prices the pricing page states, used when its content cannot be read. */
export const DEFAULT_REVISION_PRICES: Record<Tier, number> = { Basic: 1, Pro: 10 };

/** The revision price of each tier from the pricing page's table (name → tokens), defaults for any missing. */
export function revisionPrices(items: ReadonlyArray<{ name: string; revision: number }> | undefined) {
  const prices = { ...DEFAULT_REVISION_PRICES };
  for (const item of items ?? []) {
    const tier = TIERS.find((t) => t.toLowerCase() === item.name.trim().toLowerCase());
    if (tier && Number.isInteger(item.revision) && item.revision > 0) prices[tier] = item.revision;
  }
  return prices;
}

export type RoundQuote = { number: number; tier: Tier; cost: number };

/**
 * The next round: its number and price. Every round is charged at the tier's
 * per-revision price; the pricing includes no free round (decision 0047).
 */
export function quoteRound(input: {
  roundsSoFar: number;
  planId: string | null | undefined;
  prices: Record<Tier, number>;
}): RoundQuote {
  const tier = tierForPlan(input.planId);
  return { number: input.roundsSoFar + 1, tier, cost: input.prices[tier] };
}

/** A round exists only once there is a version to revise; before that a revision request changes the brief, free. */
export const roundApplies = (versions: number) => versions > 0;

// ---------------------------------------------------------------------------
// Pins

export type PinState = "draft" | "open" | "resolved";

/** Draft: not yet sent in a round; open: in a round, waiting for staff; resolved: fixed in a version. */
export function pinState(pin: { roundId: string | null; resolvedAt: Date | string | null }): PinState {
  if (pin.resolvedAt) return "resolved";
  return pin.roundId ? "open" : "draft";
}

export const PROOF_MESSAGES = {
  bodyRequired: "Please say what should change here.",
  bodyTooLong: "Please keep the comment under 2,000 characters.",
  whereRequired: "Click the image to place a pin, or say where on the page.",
  locationTooLong: "Please keep the description of where under 200 characters.",
  pageInvalid: (pages: number | null) =>
    pages ? `Please choose a page from 1 to ${pages}.` : "Please give a page number.",
  pinAdded: "Comment pinned. It goes to the studio with your next revision request.",
  closed: "This project is closed: its proofs are read-only.",
  fileAdded: (version: number, name: string) => `Version ${version} (${name}) is ready for the client.`,
  fileAddedWithoutPreview: (version: number, name: string) =>
    `Version ${version} (${name}) is ready for the client. Its pages could not be previewed, so the client downloads the PDF and comments by page number.`,
  /** A PDF none of whose pages could be rendered (no pdftoppm, a failure, a render stopped at its limits). */
  previewUnavailable:
    "We could not preview this file. Download it to view it, then comment by page number and say where on the page.",
  /** A PDF longer than the pages rendered. */
  laterPagesNotPreviewed: (shown: number) =>
    `Pages after ${shown} are not previewed here. Download the PDF to view them, and comment on them by page number.`,
  /** The same bytes as the latest version (decision 0073). */
  duplicateVersion: (version: number) =>
    `This file is the same as version ${version}, the latest. Choose the new version's file.`,
  pinResolved: (version: number) => `Pin marked resolved in version ${version}.`,
  pinNotOpen: "That pin is not open any more.",
  versionUnknown: "Please choose a version of this project.",
  insufficient: (cost: number, balance: number, round: number) =>
    `Round ${round} costs ${cost} token${cost === 1 ? "" : "s"} and your balance is ${balance}. ` +
    "Buy tokens, then request the revision again. Nothing was charged.",
  priceChanged: (cost: number, round: number) =>
    `The price of round ${round} is now ${cost} token${cost === 1 ? "" : "s"}. Please check it and confirm again. Nothing was charged.`,
} as const;

/** Whether an uploaded name is one proofing takes (its contents are checked on the server). */
export const isProofFileName = (name: string) =>
  PROOF_FILE_RULES.extensions.includes(fileExtension(name) as FileKind);

/** "Pin 3 · page 2 · 40% across, 25% down" and the words for where. */
export function describeWhere(pin: {
  page: number;
  x: number | null;
  y: number | null;
  location: string;
  kind: ProofKind;
}): string {
  const parts: string[] = [];
  if (pin.kind === "pdf") parts.push(`page ${pin.page}`);
  if (pin.x !== null && pin.y !== null)
    parts.push(`${Math.round(pin.x * 100)}% across, ${Math.round(pin.y * 100)}% down`);
  if (pin.location) parts.push(`“${pin.location}”`);
  return parts.join(" · ");
}
