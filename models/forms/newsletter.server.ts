import { and, eq, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { createSecret, sha256 } from "../identity/passwords.server";
import { newsletterSubscribers } from "../schema";
import { getSiteShell } from "../content/site-content.server";
import { SUPPORT_MESSAGES } from "./support";
import { withFormRateLimit, type FormOutcome, type SubmissionContext } from "./submission-steps.server";

/**
 * Double opt-in. A new or unsubscribed address gets a confirmation link; a
 * confirmed one is left alone. The answer is the same in every case, so the
 * form never tells whether an address is on the list.
 */
export function subscribeToNewsletter(
  email: string,
  context: SubmissionContext & { baseUrl: string },
): Promise<FormOutcome> {
  return withFormRateLimit("newsletter", context, async () => {
    const confirmToken = createSecret();
    const unsubscribeToken = createSecret();
    const [existing] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`)
      .limit(1);
    let id: string;
    if (existing?.status === "confirmed") {
      id = existing.id;
    } else {
      const { site } = await getSiteShell();
      const confirm = new URL(`/newsletter/confirm/${confirmToken}`, context.baseUrl).toString();
      const unsubscribe = new URL(`/newsletter/unsubscribe/${unsubscribeToken}`, context.baseUrl).toString();
      const values = {
        confirmTokenHash: sha256(confirmToken),
        unsubscribeTokenHash: sha256(unsubscribeToken),
        status: "pending" as const,
      };
      // The new link and its email are recorded together (the outbox retries a failed send).
      const { row, email: queued } = await db().transaction(async (tx) => {
        const [row] = existing
          ? await tx
              .update(newsletterSubscribers)
              .set(values)
              .where(eq(newsletterSubscribers.id, existing.id))
              .returning({ id: newsletterSubscribers.id })
          : await tx
              .insert(newsletterSubscribers)
              .values({ email, userId: context.userId ?? null, ...values })
              .onConflictDoNothing()
              .returning({ id: newsletterSubscribers.id });
        if (!row) return { row, email: null };
        const queued = await queueEmail(
          {
            kind: "newsletter_confirm",
            to: email,
            subject: `Confirm your ${site.name} newsletter subscription`,
            text:
              `Hi,\n\nPlease confirm that you want ${site.name}'s newsletter:\n${confirm}\n\n` +
              `If you did not ask for it, ignore this email.\nUnsubscribe at any time: ${unsubscribe}\n`,
          },
          tx,
        );
        return { row, email: queued };
      });
      id = row?.id ?? existing?.id ?? "";
      await sendQueuedEmail(queued);
    }
    return { status: "ok", id, message: SUPPORT_MESSAGES.newsletterCheckInbox };
  });
}

async function findByToken(column: "confirm" | "unsubscribe", token: string) {
  const field =
    column === "confirm"
      ? newsletterSubscribers.confirmTokenHash
      : newsletterSubscribers.unsubscribeTokenHash;
  const [row] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(field, sha256(token)))
    .limit(1);
  return row ?? null;
}

export async function isNewsletterTokenValid(
  kind: "confirm" | "unsubscribe",
  token: string,
): Promise<boolean> {
  const row = await findByToken(kind, token);
  return kind === "confirm" ? row?.status === "pending" : Boolean(row && row.status !== "unsubscribed");
}

export async function confirmNewsletter(token: string): Promise<boolean> {
  const rows = await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: sql`now()`, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, sha256(token)),
        eq(newsletterSubscribers.status, "pending"),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

export async function unsubscribeNewsletter(token: string): Promise<boolean> {
  const rows = await db()
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null })
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, sha256(token)))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
