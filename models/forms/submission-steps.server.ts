import { sendEmail } from "../platform/mail.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { getSiteShell } from "../content/site-content.server";
import { COMMON_MESSAGES } from "./common";
import { toE164 } from "./phone.server";

/** Every public form: 10 submissions an hour per address (per form). */
export const FORM_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

export type SubmissionContext = { clientAddress: string; userId?: string | null };

export type FormOutcome =
  | { status: "ok"; id: string; message: string; extra?: Record<string, unknown> }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "limited"; message: string; retryAfterSeconds: number };

/** Runs a validated submission under the form's rate limit. */
export async function withFormRateLimit(
  form: string,
  context: SubmissionContext,
  work: () => Promise<FormOutcome>,
): Promise<FormOutcome> {
  const limit = await consumeRateLimit(`form:${form}:${context.clientAddress}`, FORM_RATE_LIMIT);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      status: "limited",
      message: COMMON_MESSAGES.tooManySubmissions(minutes),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  return work();
}

/** Normalises a phone number to E.164, or returns the field error. */
export function normalisePhone(
  raw: string,
  country: string,
): { ok: true; value: string } | { ok: false; outcome: FormOutcome } {
  if (!raw) return { ok: true, value: "" };
  const parsed = toE164(raw, country);
  if (parsed.ok) return { ok: true, value: parsed.e164 };
  return { ok: false, outcome: { status: "invalid", fieldErrors: { phone_number: [parsed.message] } } };
}

type Mailbox = "hello" | "careers" | "projects" | "support";

/**
 * A copy to the sender and a notification to the agency's mailbox. Both go
 * through the outbox, so a failed send is retried, never lost.
 */
export async function notifySubmission(input: {
  kind: string;
  mailbox: Mailbox;
  sender: { name: string; email: string };
  subject: string;
  summary: Array<[string, string]>;
  confirmation: string;
}): Promise<void> {
  const { site } = await getSiteShell();
  const details = input.summary
    .filter(([, value]) => value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
  await sendEmail({
    kind: `${input.kind}_notification`,
    to: site.emails[input.mailbox],
    subject: `[${site.name}] ${input.subject}`,
    text: `New ${input.subject.toLowerCase()} from ${input.sender.name} <${input.sender.email}>.\n\n${details}\n`,
  });
  await sendEmail({
    kind: `${input.kind}_confirmation`,
    to: input.sender.email,
    subject: `${site.name}: ${input.subject} received`,
    text: `Hi ${input.sender.name},\n\n${input.confirmation}\n\nWhat you sent us:\n${details}\n\n— The ${site.name} team\n${site.emails[input.mailbox]}\n`,
  });
}
