import { formatAmount, type MoneyAmount } from "../platform/money";

// Every money or token movement's receipt, as an email and an in-app
// notification, worded once here (decision 0058). Pure: the server module
// (receipt-email.server.ts) reads the balance and the address and records both
// in the movement's own transaction.

/** A paid payment, as the receipt needs it (a payments row). */
type ReceiptPayment = MoneyAmount & {
  id: string;
  /** The payment's number, quoted as "#12" as billing's pages do. */
  number: number;
  kind: string;
  description: string;
  tokens: number | null;
  userId: string | null;
};

/** What moved. Amounts of money in minor units with their currency; tokens as counts. */
export type ReceiptMovement =
  /** A token package, a plan's first month, a renewal or a gift card bought: money paid. */
  | { kind: "payment"; payment: ReceiptPayment; renewal?: boolean }
  /** A shop checkout, paid in tokens. */
  | { kind: "shop"; userId: string; tokens: number; items: string }
  /** A gift card redeemed into tokens. */
  | { kind: "gift_redeemed"; userId: string; tokens: number; value: MoneyAmount }
  /** A revision round paid in tokens. */
  | {
      kind: "revision_round";
      userId: string;
      tokens: number;
      round: number;
      project: { id: string; title: string };
    }
  /** Money given back on a payment, and the unspent tokens it took back. */
  | { kind: "refund"; payment: ReceiptPayment; refunded: MoneyAmount; tokensTakenBack: number }
  /** A gift card refunded to its buyer: the unspent tokens it gave the person who redeemed it, taken back. */
  | { kind: "gift_taken_back"; userId: string; tokens: number };

const RECEIPT_LINKS = {
  /** The receipt's PDF (a payment's own; the route answers 404 to anyone but its client). */
  pdf: (paymentId: string) => `/manageaccount/receipts/${paymentId}/pdf`,
  billing: "/dashboard2/billing",
  purchases: "/dashboard2/purchases",
  project: (projectId: string) => `/project/${projectId}`,
} as const;

const tokens = (n: number) => `${n} Creative ${n === 1 ? "Token" : "Tokens"}`;

/** The receipt's words: titles, the sentence of what happened, and the lines of the email. */
export const RECEIPT_MESSAGES = {
  titles: {
    token_package: "Tokens purchased",
    subscription: "Plan payment received",
    renewal: "Plan renewed",
    gift_card: "Gift card purchased",
    proposal_deposit: "Deposit paid",
    proposal_balance: "Balance paid",
    shop: "Shop purchase",
    gift_redeemed: "Gift card redeemed",
    revision_round: "Revision round paid",
    refund: "Refund issued",
    gift_taken_back: "Gift card refunded",
  },
  paid: (amount: string, what: string) => `You paid ${amount} for ${what}.`,
  paidTokens: (count: number, what: string) => `You spent ${tokens(count)} on ${what}.`,
  tokensAdded: (count: number) => `${tokens(count)} were added to your wallet.`,
  redeemed: (value: string, count: number) =>
    `You redeemed a gift card worth ${value}: ${tokens(count)} were added to your wallet.`,
  round: (round: number, title: string) => `revision round ${round} of “${title}”`,
  refunded: (amount: string, receipt: number) =>
    `${amount} is on its way back to you for receipt #${receipt}.`,
  tokensTakenBack: (count: number) => `${tokens(count)} from that purchase were taken back.`,
  noTokensTakenBack: "No tokens were taken back.",
  giftTakenBack: (count: number) =>
    `A gift card you redeemed was refunded to the person who bought it, so the ${tokens(count)} ` +
    "still unspent from it were taken back from your wallet.",
  refundTiming: "Refunds reach your account within 7-10 business days.",
  balance: (count: number) => `Balance after: ${tokens(count)}`,
  /** With the currency's code: "$" alone does not say which dollars (a gift card is bought in any currency). */
  amountLine: (amount: string, currency: string) => `Amount: ${amount} (${currency})`,
  tokensLine: (count: number) => `Tokens: ${tokens(count)}`,
  receiptLine: (number: number) => `Receipt: #${number}`,
  pdfLine: (url: string) => `Receipt PDF: ${url}`,
  detailsLine: (url: string) => `Details: ${url}`,
  keepThis: "Keep this email as your receipt.",
  pdfButton: "Download the receipt (PDF)",
  detailsButton: "See the details",
  subject: (title: string, site: string) => `${title} — ${site} receipt`,
  greeting: "Hello,",
  sign: (site: string) => `— The ${site} team`,
} as const;

type ReceiptContent = {
  title: string;
  /** One sentence for the notification: what moved, and the balance after. */
  message: string;
  /** Where the notification and the email lead (relative to the site). */
  link: string;
  /** Whether the link is the receipt's PDF. */
  pdf: boolean;
  subject: string;
  text: string;
  html: string;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the payment paid for, in the receipt's sentence. */
function paidFor(payment: ReceiptPayment, renewal: boolean): string {
  if (payment.kind === "token_package" && payment.tokens) return tokens(payment.tokens);
  if (renewal) return `your plan (${payment.description})`;
  return payment.description;
}

function titleOf(movement: ReceiptMovement): string {
  const t = RECEIPT_MESSAGES.titles;
  if (movement.kind === "payment") {
    if (movement.renewal) return t.renewal;
    return (
      t[
        movement.payment.kind as
          "token_package" | "subscription" | "gift_card" | "proposal_deposit" | "proposal_balance"
      ] ?? t.subscription
    );
  }
  return t[movement.kind];
}

/**
 * The receipt of one movement. `balanceAfter` is the client's token balance
 * once it has happened (null for a guest's gift card); `siteUrl` makes the
 * email's links absolute.
 */
export function receiptContent(
  movement: ReceiptMovement,
  context: { balanceAfter: number | null; siteName: string; siteUrl: string },
): ReceiptContent {
  const m = RECEIPT_MESSAGES;
  const title = titleOf(movement);
  const sentences: string[] = [];
  const details: string[] = [];
  let link: string = RECEIPT_LINKS.billing;
  let pdf = false;
  const signedIn = movement.kind !== "payment" || Boolean(movement.payment.userId);
  switch (movement.kind) {
    case "payment": {
      const { payment } = movement;
      const amount = formatAmount(payment);
      sentences.push(m.paid(amount, paidFor(payment, Boolean(movement.renewal))));
      if (payment.tokens && payment.kind !== "gift_card") sentences.push(m.tokensAdded(payment.tokens));
      details.push(m.receiptLine(payment.number), m.amountLine(amount, payment.currency));
      if (payment.tokens && payment.kind !== "gift_card") details.push(m.tokensLine(payment.tokens));
      if (signedIn) {
        link = RECEIPT_LINKS.pdf(payment.id);
        pdf = true;
      }
      break;
    }
    case "shop":
      sentences.push(m.paidTokens(movement.tokens, movement.items));
      details.push(m.tokensLine(movement.tokens));
      link = RECEIPT_LINKS.purchases;
      break;
    case "gift_redeemed": {
      const value = formatAmount(movement.value);
      sentences.push(m.redeemed(value, movement.tokens));
      details.push(m.amountLine(value, movement.value.currency), m.tokensLine(movement.tokens));
      break;
    }
    case "revision_round":
      sentences.push(m.paidTokens(movement.tokens, m.round(movement.round, movement.project.title)));
      details.push(m.tokensLine(movement.tokens));
      link = RECEIPT_LINKS.project(movement.project.id);
      break;
    case "gift_taken_back":
      sentences.push(m.giftTakenBack(movement.tokens));
      details.push(m.tokensLine(movement.tokens));
      break;
    case "refund": {
      const amount = formatAmount(movement.refunded);
      sentences.push(m.refunded(amount, movement.payment.number));
      sentences.push(
        movement.tokensTakenBack ? m.tokensTakenBack(movement.tokensTakenBack) : m.noTokensTakenBack,
      );
      details.push(m.receiptLine(movement.payment.number), m.amountLine(amount, movement.refunded.currency));
      if (movement.tokensTakenBack) details.push(m.tokensLine(movement.tokensTakenBack));
      if (movement.payment.userId) {
        link = RECEIPT_LINKS.pdf(movement.payment.id);
        pdf = true;
      }
      break;
    }
  }
  if (context.balanceAfter !== null) details.push(m.balance(context.balanceAfter));
  const message = [
    ...sentences,
    ...(context.balanceAfter !== null ? [`${m.balance(context.balanceAfter)}.`] : []),
  ].join(" ");
  const base = context.siteUrl.replace(/\/$/, "");
  const url = `${base}${link}`;
  const linkLine = !signedIn ? m.keepThis : pdf ? m.pdfLine(url) : m.detailsLine(url);
  const subject = m.subject(title, context.siteName);
  const refundNote = movement.kind === "refund" && movement.refunded.amountMinor > 0 ? [m.refundTiming] : [];
  const text = [
    m.greeting,
    "",
    [...sentences, ...refundNote].join(" "),
    "",
    ...details,
    linkLine,
    "",
    m.sign(context.siteName),
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font: 15px/1.5 system-ui, sans-serif; color: #111;">`,
    `<p>${escapeHtml(m.greeting)}</p>`,
    `<p>${escapeHtml([...sentences, ...refundNote].join(" "))}</p>`,
    `<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    signedIn
      ? `<p><a href="${escapeHtml(url)}">${escapeHtml(pdf ? m.pdfButton : m.detailsButton)}</a></p>`
      : `<p>${escapeHtml(m.keepThis)}</p>`,
    `<p>${escapeHtml(m.sign(context.siteName))}</p>`,
    `</body></html>`,
  ].join("");
  return { title, message, link, pdf, subject, text, html };
}
