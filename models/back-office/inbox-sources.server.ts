import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTableWithColumns } from "drizzle-orm/pg-core";
import { BUDGET_RANGES, CAREER_ROLES, COLLABORATION_TYPES, EXPECTED_TIMELINES } from "../forms/applications";
import { MEETING_TYPES, SERVICES, SOLUTIONS } from "../forms/contact";
import { INTEREST_LEVELS, INVESTMENT_RANGES, INVESTOR_TYPES } from "../forms/inquiries";
import { formatGiftCode } from "../billing/gift-cards.server";
import { formatMinor } from "../billing/money";
import { toMinor } from "../billing/payments";
import {
  collaborationRequests,
  giftCards,
  investmentInquiries,
  investorMeetings,
  jobApplications,
  newsletterSubscribers,
  officeVisits,
  referrals,
  serviceQuotes,
  supportTickets,
} from "../schema";
import { formatFileSize } from "../platform/uploads";

// The inbox's registry: one entry per kind of submission. Every submission
// table shares id, created_at, handled and handled_at (models/schema/
// submissions.ts); an entry says how to name the sender, summarise a row in
// the list, show every field, and find its attachment. Adding a kind is one
// entry here. Two kinds can share a table (support tickets from the form and
// chat handoffs), each with its own `where`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SubmissionTable = PgTableWithColumns<any> & {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  handled: AnyPgColumn;
  handledAt: AnyPgColumn;
};

/** A field's label, how to read it, and (for secrets such as a gift card code) what the CSV export shows instead. */
type Field<Row> = readonly [label: string, read: (row: Row) => string, exportAs?: (row: Row) => string];

export type Attachment = { storageKey: string; name: string; size: number; contentType: string };

export type InboxSource = {
  /** The type in URLs and exports: /admin/inbox/<type>/<id>. */
  type: string;
  /** What one of these is called, e.g. "Quote request". */
  label: string;
  table: SubmissionTable;
  /** Which of the table's rows belong to this kind (all when left out). */
  where?: SQL;
  /** SQL for the list: who sent it, their address, one line about it. */
  name: SQL | AnyPgColumn;
  email: SQL | AnyPgColumn;
  summary: SQL | AnyPgColumn;
  /** Every field of a row: its label and how to read it, in the order staff read them. */
  fields: ReadonlyArray<Field<Record<string, unknown>>>;
  attachment?: (row: Record<string, unknown>) => Attachment | null;
  /** Who a reply goes to. */
  sender: (row: Record<string, unknown>) => { name: string; email: string };
};

function defineSource<T extends SubmissionTable>(source: {
  type: string;
  label: string;
  table: T;
  where?: SQL;
  name: SQL | AnyPgColumn;
  email: SQL | AnyPgColumn;
  summary: SQL | AnyPgColumn;
  fields: ReadonlyArray<Field<T["$inferSelect"]>>;
  attachment?: (row: T["$inferSelect"]) => Attachment | null;
  sender: (row: T["$inferSelect"]) => { name: string; email: string };
}): InboxSource {
  return source as unknown as InboxSource;
}

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;
const yesNo = (value: boolean) => (value ? "Yes" : "No");

type CompanyRow = {
  companyName: string;
  yourName: string;
  companyDesignation: string;
  companyEmail: string;
  phoneNumber: string;
};
const company: ReadonlyArray<Field<CompanyRow>> = [
  ["Name", (row) => row.yourName],
  ["Company", (row) => row.companyName],
  ["Designation", (row) => row.companyDesignation],
  ["Company email", (row) => row.companyEmail],
  ["Phone", (row) => row.phoneNumber],
];

export const INBOX_SOURCES: readonly InboxSource[] = [
  defineSource({
    type: "office_visit",
    label: "Office visit",
    table: officeVisits,
    name: officeVisits.yourName,
    email: officeVisits.companyEmail,
    summary: sql`${officeVisits.companyName} || ' · visit on ' || ${officeVisits.visitDate}::text || ', ' || ${officeVisits.city}`,
    fields: [
      ...company,
      ["Company address", (row) => row.companyAddress],
      ["Visit date", (row) => String(row.visitDate)],
      ["City", (row) => row.city],
      ["Country", (row) => row.country],
    ],
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "investor_meeting",
    label: "Investor or partner meeting",
    table: investorMeetings,
    name: investorMeetings.yourName,
    email: investorMeetings.companyEmail,
    summary: sql`${investorMeetings.companyName} || ' · ' || ${investorMeetings.meetingType}`,
    fields: [
      ...company,
      ["Meeting type", (row) => labelOf(MEETING_TYPES, row.meetingType)],
      ["Google Meet", (row) => yesNo(row.connectGoogleMeet)],
      ["Agenda", (row) => row.meetingAgenda],
    ],
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "service_quote",
    label: "Quote request",
    table: serviceQuotes,
    name: serviceQuotes.yourName,
    email: serviceQuotes.companyEmail,
    summary: sql`${serviceQuotes.companyName} || ' · ' || ${serviceQuotes.selectedService} || ': ' || left(${serviceQuotes.additionalBrief}, 120)`,
    fields: [
      ...company,
      ["Service", (row) => labelOf(SERVICES, row.selectedService)],
      ["Solution", (row) => labelOf(SOLUTIONS, row.selectedSolution)],
      ["Google Meet", (row) => yesNo(row.connectGoogleMeet)],
      ["Brief", (row) => row.additionalBrief],
    ],
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "job_application",
    label: "Job application",
    table: jobApplications,
    name: jobApplications.fullName,
    email: jobApplications.emailAddress,
    summary: sql`${jobApplications.roleOfInterest} || ': ' || left(${jobApplications.whyJoin}, 120)`,
    fields: [
      ["Full name", (row) => row.fullName],
      ["Email address", (row) => row.emailAddress],
      ["Role of interest", (row) => labelOf(CAREER_ROLES, row.roleOfInterest)],
      ["Why they want to join", (row) => row.whyJoin],
      ["CV", (row) => `${row.cvName} (${formatFileSize(row.cvSize)})`],
    ],
    attachment: (row) => ({
      storageKey: row.cvStorageKey,
      name: row.cvName,
      size: row.cvSize,
      contentType: row.cvContentType,
    }),
    sender: (row) => ({ name: row.fullName, email: row.emailAddress }),
  }),
  defineSource({
    type: "collaboration",
    label: "Collaboration pitch",
    table: collaborationRequests,
    name: collaborationRequests.name,
    email: collaborationRequests.email,
    summary: sql`${collaborationRequests.collaborationType} || ': ' || left(${collaborationRequests.collaborationIdea}, 120)`,
    fields: [
      ["Name", (row) => row.name],
      ["Email", (row) => row.email],
      ["Organization", (row) => row.organization],
      ["Collaboration type", (row) => labelOf(COLLABORATION_TYPES, row.collaborationType)],
      [
        "Expected timeline",
        (row) => (row.expectedTimeline ? labelOf(EXPECTED_TIMELINES, row.expectedTimeline) : ""),
      ],
      ["Budget range", (row) => (row.budgetRange ? labelOf(BUDGET_RANGES, row.budgetRange) : "")],
      ["Idea", (row) => row.collaborationIdea],
      [
        "Attachment",
        (row) =>
          row.attachmentName ? `${row.attachmentName} (${formatFileSize(row.attachmentSize ?? 0)})` : "",
      ],
    ],
    attachment: (row) =>
      row.attachmentStorageKey && row.attachmentName
        ? {
            storageKey: row.attachmentStorageKey,
            name: row.attachmentName,
            size: row.attachmentSize ?? 0,
            contentType: row.attachmentContentType ?? "application/octet-stream",
          }
        : null,
    sender: (row) => ({ name: row.name, email: row.email }),
  }),
  defineSource({
    type: "investment_inquiry",
    label: "Investment inquiry",
    table: investmentInquiries,
    name: investmentInquiries.fullName,
    email: investmentInquiries.emailAddress,
    summary: sql`${investmentInquiries.investorType} || ' · ' || left(${investmentInquiries.message}, 120)`,
    fields: [
      ["Full name", (row) => row.fullName],
      ["Email address", (row) => row.emailAddress],
      ["Phone", (row) => row.phoneNumber],
      ["Interest", (row) => labelOf(INTEREST_LEVELS, row.investmentInterest)],
      ["Investor type", (row) => labelOf(INVESTOR_TYPES, row.investorType)],
      ["Organization", (row) => row.organization],
      [
        "Amount range",
        (row) => (row.investmentAmountRange ? labelOf(INVESTMENT_RANGES, row.investmentAmountRange) : ""),
      ],
      ["LinkedIn", (row) => row.linkedinProfile],
      ["Previous investments", (row) => row.previousInvestments],
      ["Message", (row) => row.message],
    ],
    sender: (row) => ({ name: row.fullName, email: row.emailAddress }),
  }),
  defineSource({
    type: "support_ticket",
    label: "Support ticket",
    table: supportTickets,
    where: sql`${supportTickets.channel} = 'form'`,
    name: supportTickets.email,
    email: supportTickets.email,
    summary: sql`'#' || ${supportTickets.ticketNumber}::text || ' ' || ${supportTickets.type} || ': ' || ${supportTickets.subject}`,
    fields: [
      ["Ticket", (row) => `#${row.ticketNumber}`],
      ["Email", (row) => row.email],
      ["Type", (row) => row.type],
      ["Subject", (row) => row.subject],
      ["Description", (row) => row.description],
    ],
    sender: (row) => ({ name: row.email, email: row.email }),
  }),
  defineSource({
    // "Talk to a person" in the chat assistant: a support ticket whose description is the transcript.
    type: "chat_handoff",
    label: "Chat handoff",
    table: supportTickets,
    where: sql`${supportTickets.channel} = 'chat'`,
    name: supportTickets.email,
    email: supportTickets.email,
    summary: sql`'#' || ${supportTickets.ticketNumber}::text || ' chat transcript: ' || left(regexp_replace(${supportTickets.description}, '[[:space:]]+', ' ', 'g'), 120)`,
    fields: [
      ["Ticket", (row) => `#${row.ticketNumber}`],
      ["Email", (row) => row.email],
      ["Subject", (row) => row.subject],
      ["Transcript", (row) => row.description],
    ],
    sender: (row) => ({ name: row.email, email: row.email }),
  }),
  defineSource({
    type: "gift_card",
    label: "Gift card",
    table: giftCards,
    name: giftCards.senderName,
    email: giftCards.senderEmail,
    summary: sql`(case ${giftCards.currency} when 'USD' then '$' when 'EUR' then '€' else '₹' end) || ${giftCards.amount}::text || ' for ' || ${giftCards.recipientName} || ' <' || ${giftCards.recipientEmail} || '> · delivery ' || ${giftCards.deliverOn}::text`,
    fields: [
      ["Amount", (row) => `${formatMinor(toMinor(row.amount), row.currency)} (${row.currency})`],
      ["Sender", (row) => row.senderName],
      ["Sender email", (row) => row.senderEmail],
      ["Recipient", (row) => row.recipientName],
      ["Recipient email", (row) => row.recipientEmail],
      ["Message", (row) => row.message],
      ["Delivery date", (row) => String(row.deliverOn)],
      ["Emailed", (row) => (row.deliveredAt ? row.deliveredAt.toISOString() : "Not yet")],
      // The code is money: the page shows it (staff resend it on request); a spreadsheet gets the last four only.
      ["Code", (row) => formatGiftCode(row.code), (row) => `ASC-••••-••••-${row.code.slice(8, 12)}`],
      ["Valid until", (row) => row.expiresAt.toISOString()],
      [
        "Redeemed",
        (row) => (row.redeemedAt ? `${row.redeemedAt.toISOString()} for ${row.tokensGranted} tokens` : "No"),
      ],
      ["Redeemed by account", (row) => row.redeemedBy ?? ""],
      ["Bought from account", (row) => row.purchaserId ?? "Visitor without an account"],
      ["Payment", (row) => row.paymentId],
    ],
    sender: (row) => ({ name: row.senderName, email: row.senderEmail }),
  }),
  defineSource({
    type: "referral",
    label: "Referral",
    table: referrals,
    name: referrals.referrerName,
    email: referrals.referrerEmail,
    summary: sql`'Invited ' || ${referrals.inviteeEmail} || ' (code ' || ${referrals.code} || ')'`,
    fields: [
      ["Referrer", (row) => row.referrerName],
      ["Referrer email", (row) => row.referrerEmail],
      ["Invited", (row) => row.inviteeEmail],
      ["Code", (row) => row.code],
      ["Message", (row) => row.message],
    ],
    sender: (row) => ({ name: row.referrerName, email: row.referrerEmail }),
  }),
  defineSource({
    type: "newsletter",
    label: "Newsletter sign-up",
    table: newsletterSubscribers,
    name: newsletterSubscribers.email,
    email: newsletterSubscribers.email,
    summary: sql`'Newsletter: ' || ${newsletterSubscribers.status}`,
    fields: [
      ["Email", (row) => row.email],
      ["Status", (row) => row.status],
      ["Confirmed", (row) => (row.confirmedAt ? row.confirmedAt.toISOString() : "")],
      ["Unsubscribed", (row) => (row.unsubscribedAt ? row.unsubscribedAt.toISOString() : "")],
    ],
    sender: (row) => ({ name: row.email, email: row.email }),
  }),
];

const byType = new Map(INBOX_SOURCES.map((source) => [source.type, source]));

export function inboxSource(type: string | undefined | null): InboxSource | null {
  return (type && byType.get(type)) || null;
}

export const INBOX_TYPE_OPTIONS = INBOX_SOURCES.map((source) => ({
  value: source.type,
  label: source.label,
}));

/** A row's fields as [label, value] pairs; `forExport` masks what a spreadsheet must not hold. */
export function readFields(
  source: InboxSource,
  row: Record<string, unknown>,
  options: { forExport?: boolean } = {},
): Array<[string, string]> {
  return source.fields.map(([label, read, exportAs]) => [
    label,
    (options.forExport && exportAs ? exportAs(row) : read(row)) ?? "",
  ]);
}
