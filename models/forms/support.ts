import { z } from "zod";
import { choice, optionalText, requiredEmail, requiredText } from "../platform/form-fields";

// Support ticket, newsletter and referral invite (docs/product.md, "Public forms").

export const TICKET_TYPES = ["Support", "Billing", "Bug Report", "Feature Request"] as const;

export const SUPPORT_MESSAGES = {
  email: "Email is required.",
  subject: "Subject is required.",
  type: "Please choose a ticket type.",
  description: "Description is required.",
  ticketCreated: (number: number) =>
    `Ticket #${number} created. We have emailed you a copy and will reply soon.`,
  newsletterEmail: "Email is required.",
  newsletterCheckInbox: "Almost there: check your inbox and confirm your subscription.",
  newsletterConfirmed: "You are subscribed. Thank you!",
  newsletterUnsubscribed: "You are unsubscribed. We will not email you again.",
  newsletterLinkInvalid: "This link is invalid or has already been used.",
  referrerName: "Your name is required.",
  referrerEmail: "Your email is required.",
  inviteeEmail: "Your friend's email is required.",
  inviteSelf: "Please invite someone other than yourself.",
  referralSent: (email: string) => `Invitation sent to ${email}. Thank you for spreading the word!`,
} as const;

const M = SUPPORT_MESSAGES;

export const SupportTicketSchema = z.object({
  email: requiredEmail(M.email),
  subject: requiredText(M.subject, 200),
  type: choice(TICKET_TYPES, M.type).optional().default("Support"),
  description: requiredText(M.description, 5000),
});

export const NewsletterSchema = z.object({ email: requiredEmail(M.newsletterEmail) });

export const ReferralSchema = z
  .object({
    referrer_name: requiredText(M.referrerName, 120),
    referrer_email: requiredEmail(M.referrerEmail),
    invitee_email: requiredEmail(M.inviteeEmail),
    message: optionalText(500),
  })
  .refine((data) => data.referrer_email.toLowerCase() !== data.invitee_email.toLowerCase(), {
    error: M.inviteSelf,
    path: ["invitee_email"],
  });

export type SupportTicketInput = z.infer<typeof SupportTicketSchema>;
export type ReferralInput = z.infer<typeof ReferralSchema>;
