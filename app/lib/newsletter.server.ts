import { HONEYPOT_FIELD, isFilled } from "~models/forms/honeypot";
import { subscribeToNewsletter } from "~models/forms/newsletter.server";
import { NewsletterSchema, SUPPORT_MESSAGES } from "~models/forms/support";
import { clientAddress } from "./auth.server";
import { findMember } from "./membership.server";
import { publicBaseUrl } from "./public-url.server";

export type NewsletterReply = { ok: boolean; message: string; email?: string; status: number };

/** One subscription request, from the page form or the API. */
export async function handleNewsletter(
  request: Request,
  body: Record<string, unknown>,
): Promise<NewsletterReply> {
  if (isFilled(body[HONEYPOT_FIELD]))
    return { ok: true, message: SUPPORT_MESSAGES.newsletterCheckInbox, status: 201 };
  const parsed = NewsletterSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? SUPPORT_MESSAGES.newsletterEmail,
      email: typeof body.email === "string" ? body.email : "",
      status: 400,
    };
  }
  const member = await findMember(request);
  const outcome = await subscribeToNewsletter(parsed.data.email, {
    clientAddress: clientAddress(request),
    userId: member?.person.id ?? null,
    baseUrl: publicBaseUrl(request),
  });
  if (outcome.status === "ok") return { ok: true, message: outcome.message, status: 201 };
  if (outcome.status === "limited")
    return { ok: false, message: outcome.message, email: parsed.data.email, status: 429 };
  return {
    ok: false,
    message: Object.values(outcome.fieldErrors)[0]?.[0] ?? SUPPORT_MESSAGES.newsletterEmail,
    email: parsed.data.email,
    status: 400,
  };
}
