import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { queueEmail, resendEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { notifyOrganisation, queueOrganisationEmail } from "../platform/organisation-recipients.server";
import { contentBlocks, emailOutbox, users } from "../schema";
import { receiptContent, type ReceiptMovement } from "./receipt-email";
import { getBalance } from "./tokens.server";
import { siteUrl } from "../platform/site-url";

// The one place a money or token movement is receipted (decision 0058): inside
// the movement's own transaction, an in-app notification to the client and the
// receipt email in the outbox, so both exist exactly when the movement commits.
// The caller sends the email after the commit (`sendReceipt`); the jobs send any
// receipt a crash, or a caller inside another domain's transaction, left unsent
// (`sendUnsentReceipts`).

/** The outbox kind of every receipt email. */
export const RECEIPT_EMAIL_KIND = "receipt";

const userOf = (movement: ReceiptMovement): string | null =>
  movement.kind === "payment" || movement.kind === "refund" ? movement.payment.userId : movement.userId;

/**
 * Records the movement's receipt: the notification (to every member of the
 * client's organisation) and the email (to each member whose payments
 * preference allows it, or a guest payer's address), in `tx`. Answers the
 * queued emails to send after the commit (empty when there is no one to send
 * them to). Receipts are records of the client's money, so they go out
 * whatever each person's own email toggles say (like security notices); only
 * the organisation's payments preference holds them back (decision 0079).
 */
export async function queueReceipt(
  tx: Transaction,
  movement: ReceiptMovement,
  options: { now?: Date; payerEmail?: string | null; siteUrl?: string } = {},
): Promise<QueuedEmail[]> {
  const now = options.now ?? new Date();
  const userId = userOf(movement);
  const [account] = userId
    ? await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1)
    : [];
  // Read in the transaction: the site's name from its content row (no second connection while it is open).
  const [site] = await tx
    .select({ name: sql<string | null>`${contentBlocks.data}->>'name'` })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, "site"))
    .limit(1);
  const balanceAfter = userId && account ? await getBalance(userId, now, tx) : null;
  const content = receiptContent(movement, {
    balanceAfter,
    siteName: site?.name ?? "Ascendra",
    siteUrl: options.siteUrl ?? siteUrl(),
  });
  const email = {
    kind: RECEIPT_EMAIL_KIND,
    subject: content.subject,
    text: content.text,
    html: content.html,
  };
  if (userId && account) {
    const recipients = await notifyOrganisation(
      userId,
      "payments",
      { type: "success", title: content.title, message: content.message, link: content.link },
      tx,
    );
    return queueOrganisationEmail(userId, "payments", email, tx, recipients);
  }
  const to = options.payerEmail ?? null;
  if (!to) return [];
  return [await queueEmail({ ...email, to }, tx)];
}

/** Sends a receipt `queueReceipt` recorded, once its transaction has committed. */
export const sendReceipt = (queued: readonly QueuedEmail[] | null | undefined) =>
  sendQueuedEmail(queued ?? null);

/** How long a receipt may wait for its caller's send before the jobs send it. */
const UNSENT_AFTER_MS = 60_000;

/**
 * The jobs' step: receipts recorded at least a minute ago that nobody tried to
 * send (a crash between the commit and the send, or a movement inside another
 * domain's transaction, such as a revision round). Each is claimed as staff's
 * "retry now" claims a row (SKIP LOCKED, attempt counted), so it goes out
 * once. A failed send is then retried like any other email. Returns how many went out.
 */
export async function sendUnsentReceipts(now = new Date(), limit = 50): Promise<number> {
  const due = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, RECEIPT_EMAIL_KIND),
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.error),
        eq(emailOutbox.attempts, 0),
        lt(emailOutbox.createdAt, new Date(now.getTime() - UNSENT_AFTER_MS)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) if ((await resendEmail(id)) === "sent") sent++;
  return sent;
}
