import { PROPOSAL_TERMS_BLOCK } from "~models/projects/proposals";
import { createProposalDraft, sendProposal, signProposal } from "~models/projects/proposals.server";
import { renderProposalPdf } from "~models/billing/proposal-pdf.server";
import { sql } from "drizzle-orm";
import { answerGapGroup } from "~models/chat/gap-queue.server";
import { gapGroupKey } from "~models/chat/feedback.server";
import { db, queryRows } from "~models/platform/db.server";
import { chatGaps } from "~models/schema";
import { WHY_JOIN_FIELD } from "~models/forms/applications";
import { submitJobApplication } from "~models/forms/applications.server";
import { inviteFriend } from "~models/forms/referrals.server";
import {
  submitInvestorMeeting,
  submitServiceQuote,
  submitSupportTicket,
} from "~models/forms/submissions.server";
import type { FormOutcome } from "~models/forms/submission-steps.server";
import { runSeed, SEED_SOURCES } from "~models/views/seed.server";
import { SHELL_BLOCKS } from "~models/content/site-content";

// Fixtures for the back-office tests: submissions made through the real
// public-form functions, so the inbox reads exactly what visitors leave.

let address = 0;
const context = () => ({ clientAddress: `198.51.100.${(address++ % 250) + 1}` });

const idOf = (outcome: FormOutcome) => {
  if (outcome.status !== "ok") throw new Error(`submission failed: ${JSON.stringify(outcome)}`);
  return outcome.id;
};

/** The site identity (name, mailboxes) that form emails need. */
export const seedSite = () =>
  runSeed({ sources: SEED_SOURCES.filter((source) => source.name in SHELL_BLOCKS) });

/** A proposal sent to `client` and signed by them (decision 0084): its id. `terms` change what it proposes. */
export async function signedProposal(
  client: { id: string; email: string },
  staffId: string,
  terms: Partial<Parameters<typeof createProposalDraft>[0]> = {},
): Promise<string> {
  await runSeed({ sources: SEED_SOURCES.filter((source) => source.name === PROPOSAL_TERMS_BLOCK) });
  const actor = { id: staffId, role: "staff" as const };
  const draft = await createProposalDraft(
    {
      clientEmail: client.email,
      title: "Brand identity",
      scope: "A new logo.",
      pricing: "money",
      currency: "INR",
      category: "graphic",
      depositPercent: 30,
      validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      deliveryDays: 21,
      lines: [{ description: "Logo design", quantity: 1, unitAmount: 4_500_000 }],
      ...terms,
    },
    actor,
  );
  if (!draft.ok) throw new Error(draft.message);
  const sent = await sendProposal(draft.proposal.id, actor, { render: renderProposalPdf });
  if (!sent.ok) throw new Error(sent.message);
  const signed = await signProposal({
    proposalId: sent.proposal.id,
    accountId: client.id,
    person: { id: client.id, email: client.email },
    mayApprove: true,
    fullName: "Asha Rao",
    consent: true,
    shownSha256: sent.proposal.pdfSha256!,
    ip: "203.0.113.7",
    userAgent: "test",
  });
  if (!signed.ok) throw new Error(signed.message);
  return sent.proposal.id;
}

const company = {
  company_name: "Acme Spices",
  your_name: "Maya Rao",
  company_designation: "Founder",
  company_email: "maya@acme.example",
  phone_country: "IN",
  phone_number: "98200 12345",
};

export async function sendQuote(overrides: Partial<Record<string, string>> = {}): Promise<string> {
  return idOf(
    await submitServiceQuote(
      {
        ...company,
        selected_service: "graphic_design",
        selected_solution: "full_service",
        additional_brief: "A full rebrand for our spice range, packaging too.",
        connect_google_meet: false,
        ...overrides,
      } as never,
      context(),
    ),
  );
}

export async function sendMeeting(): Promise<string> {
  return idOf(
    await submitInvestorMeeting(
      {
        ...company,
        meeting_type: "partner",
        connect_google_meet: true,
        meeting_agenda: "Distribution",
      } as never,
      context(),
    ),
  );
}

export async function sendTicket(subject = "Cannot download my file"): Promise<string> {
  return idOf(
    await submitSupportTicket(
      {
        email: "help@client.example",
        subject,
        type: "Support",
        description: "The download button does nothing.",
      } as never,
      context(),
    ),
  );
}

export async function sendReferral(): Promise<string> {
  return idOf(
    await inviteFriend(
      {
        referrer_name: "Asha",
        referrer_email: "asha@example.com",
        invitee_email: "friend@example.com",
        message: "",
      } as never,
      { ...context(), baseUrl: "http://127.0.0.1:3000" },
    ),
  );
}

const cvFile = (name = "cv.pdf") => {
  const bytes = new Uint8Array(128);
  bytes.set(Array.from("%PDF-1.4\n", (c) => c.charCodeAt(0)));
  return new File([bytes], name, { type: "application/pdf" });
};

/** Needs a DATA_DIR for the CV (withTemporaryDataDir). */
export async function sendApplication(): Promise<string> {
  return idOf(
    await submitJobApplication(
      {
        full_name: "Ravi Kumar",
        email_address: "ravi@example.com",
        role_of_interest: "brand_designer",
        [WHY_JOIN_FIELD]: "I love your work.",
        cv_resume: cvFile(),
      } as never,
      context(),
    ),
  );
}

export async function auditCount(action?: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    action
      ? sql`select count(*)::int as n from audit_log where action = ${action}`
      : sql`select count(*)::int as n from audit_log`,
  );
  return Number(rows[0]!.n);
}

/** A question the assistant could not answer, answered by staff: its gap group's key and the FAQ entry's id. */
export async function answeredChatGap(
  question: string,
  staffId: string,
): Promise<{ gapKey: string; faq: string }> {
  const gapKey = gapGroupKey(question);
  await db().insert(chatGaps).values({ question, groupKey: gapKey, reason: "unknown" });
  const answered = await answerGapGroup(
    gapKey,
    { question, answer: "No, we are a branding agency." },
    { id: staffId, role: "staff" },
  );
  if (!answered.ok) throw new Error("could not answer the chat gap");
  return { gapKey, faq: answered.faqId };
}
