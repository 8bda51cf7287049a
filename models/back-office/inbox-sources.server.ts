import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTableWithColumns } from "drizzle-orm/pg-core";
import {
  displayValue,
  fieldLabel,
  SUBMISSION_TABLES,
  type FieldSpec,
  type SubmissionFieldKey,
  type SubmissionTableName,
} from "../forms/submission-registry";
import { formatGiftCode } from "../billing/gift-cards.server";
import { formatMinor } from "../platform/money";
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
// the list, show every field, and find its attachment. What a kind and its
// fields are called, and the labels of their choices, come from the forms'
// registry (models/forms/submission-registry.ts, decision 0071), which the
// staff emails and the meetings page read too. Adding a kind is one entry here. Two kinds can share a table (support tickets from the form and
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

/** A field read through the forms' registry: its label, and its value as people read it (never a raw key). */
const field = <T extends SubmissionTableName>(table: T, key: SubmissionFieldKey<T>) =>
  [fieldLabel(table, key), (row: Record<string, unknown>) => displayValue(table, key, row[key])] as const;

/** Several such fields, in order. */
const fields = <T extends SubmissionTableName>(table: T, ...keys: SubmissionFieldKey<T>[]) =>
  keys.map((key) => field(table, key));

/** A field of the registry whose value is worked out from the row (a file with its size, an amount). */
const computed = <T extends SubmissionTableName, Row>(
  table: T,
  key: SubmissionFieldKey<T>,
  read: (row: Row) => string,
  exportAs?: (row: Row) => string,
): Field<Row> => (exportAs ? [fieldLabel(table, key), read, exportAs] : [fieldLabel(table, key), read]);

/**
 * A choice column as its label, in SQL (the list's one-line summary and its search): the form's option
 * list as a CASE; a value no list holds stays as stored.
 */
function labelSql<T extends SubmissionTableName>(
  table: T,
  key: SubmissionFieldKey<T>,
  column: AnyPgColumn,
): SQL {
  const options = (SUBMISSION_TABLES[table].fields as Record<string, FieldSpec>)[key]?.options;
  if (!options?.length) return sql`${column}`;
  const cases = sql.join(
    options.map((option) => sql`when ${option.value} then ${option.label}`),
    sql` `,
  );
  return sql`(case ${column} ${cases} else ${column} end)`;
}

const COMPANY_KEYS = [
  "yourName",
  "companyName",
  "companyDesignation",
  "companyEmail",
  "phoneNumber",
] as const;

export const INBOX_SOURCES: readonly InboxSource[] = [
  defineSource({
    type: "office_visit",
    label: SUBMISSION_TABLES.office_visits.label,
    table: officeVisits,
    name: officeVisits.yourName,
    email: officeVisits.companyEmail,
    summary: sql`${officeVisits.companyName} || ' · visit on ' || ${officeVisits.visitDate}::text || ', ' || ${officeVisits.city}`,
    fields: fields("office_visits", ...COMPANY_KEYS, "companyAddress", "visitDate", "city", "country"),
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "investor_meeting",
    label: SUBMISSION_TABLES.investor_meetings.label,
    table: investorMeetings,
    name: investorMeetings.yourName,
    email: investorMeetings.companyEmail,
    summary: sql`${investorMeetings.companyName} || ' · ' || ${labelSql("investor_meetings", "meetingType", investorMeetings.meetingType)}`,
    fields: fields("investor_meetings", ...COMPANY_KEYS, "meetingType", "connectGoogleMeet", "meetingAgenda"),
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "service_quote",
    label: SUBMISSION_TABLES.service_quotes.label,
    table: serviceQuotes,
    name: serviceQuotes.yourName,
    email: serviceQuotes.companyEmail,
    summary: sql`${serviceQuotes.companyName} || ' · '
      || ${labelSql("service_quotes", "selectedService", serviceQuotes.selectedService)}
      || ': ' || left(${serviceQuotes.additionalBrief}, 120)`,
    fields: fields(
      "service_quotes",
      ...COMPANY_KEYS,
      "selectedService",
      "selectedSolution",
      "connectGoogleMeet",
      "additionalBrief",
    ),
    sender: (row) => ({ name: row.yourName, email: row.companyEmail }),
  }),
  defineSource({
    type: "job_application",
    label: SUBMISSION_TABLES.job_applications.label,
    table: jobApplications,
    name: jobApplications.fullName,
    email: jobApplications.emailAddress,
    summary: sql`${labelSql("job_applications", "roleOfInterest", jobApplications.roleOfInterest)} || ': ' || left(${jobApplications.whyJoin}, 120)`,
    fields: [
      ...fields("job_applications", "fullName", "emailAddress", "roleOfInterest", "whyJoin"),
      computed(
        "job_applications",
        "cvName",
        (row: typeof jobApplications.$inferSelect) => `${row.cvName} (${formatFileSize(row.cvSize)})`,
      ),
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
    label: SUBMISSION_TABLES.collaboration_requests.label,
    table: collaborationRequests,
    name: collaborationRequests.name,
    email: collaborationRequests.email,
    summary: sql`${labelSql("collaboration_requests", "collaborationType", collaborationRequests.collaborationType)}
      || ': ' || left(${collaborationRequests.collaborationIdea}, 120)`,
    fields: [
      ...fields(
        "collaboration_requests",
        "name",
        "email",
        "organization",
        "collaborationType",
        "expectedTimeline",
        "budgetRange",
        "collaborationIdea",
      ),
      computed(
        "collaboration_requests",
        "attachmentName",
        (row: typeof collaborationRequests.$inferSelect) =>
          row.attachmentName ? `${row.attachmentName} (${formatFileSize(row.attachmentSize ?? 0)})` : "",
      ),
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
    label: SUBMISSION_TABLES.investment_inquiries.label,
    table: investmentInquiries,
    name: investmentInquiries.fullName,
    email: investmentInquiries.emailAddress,
    summary: sql`${labelSql("investment_inquiries", "investorType", investmentInquiries.investorType)} || ' · ' || left(${investmentInquiries.message}, 120)`,
    fields: fields(
      "investment_inquiries",
      "fullName",
      "emailAddress",
      "phoneNumber",
      "investmentInterest",
      "investorType",
      "organization",
      "investmentAmountRange",
      "linkedinProfile",
      "previousInvestments",
      "message",
    ),
    sender: (row) => ({ name: row.fullName, email: row.emailAddress }),
  }),
  defineSource({
    type: "support_ticket",
    label: SUBMISSION_TABLES.support_tickets.label,
    table: supportTickets,
    where: sql`${supportTickets.channel} = 'form'`,
    name: supportTickets.email,
    email: supportTickets.email,
    summary: sql`'#' || ${supportTickets.ticketNumber}::text || ' '
      || ${labelSql("support_tickets", "type", supportTickets.type)} || ': ' || ${supportTickets.subject}`,
    fields: [
      computed(
        "support_tickets",
        "ticketNumber",
        (row: typeof supportTickets.$inferSelect) => `#${row.ticketNumber}`,
      ),
      ...fields("support_tickets", "email", "type", "subject", "description"),
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
    summary: sql`'#' || ${supportTickets.ticketNumber}::text || ' chat transcript: '
      || left(regexp_replace(${supportTickets.description}, '[[:space:]]+', ' ', 'g'), 120)`,
    fields: [
      computed(
        "support_tickets",
        "ticketNumber",
        (row: typeof supportTickets.$inferSelect) => `#${row.ticketNumber}`,
      ),
      ...fields("support_tickets", "email", "subject"),
      ["Transcript", (row) => row.description],
    ],
    sender: (row) => ({ name: row.email, email: row.email }),
  }),
  defineSource({
    type: "gift_card",
    label: SUBMISSION_TABLES.gift_cards.label,
    table: giftCards,
    name: giftCards.senderName,
    email: giftCards.senderEmail,
    summary: sql`(case ${giftCards.currency} when 'USD' then '$' when 'EUR' then '€' else '₹' end)
      || ${giftCards.amount}::text || ' for ' || ${giftCards.recipientName}
      || ' <' || ${giftCards.recipientEmail} || '> · delivery ' || ${giftCards.deliverOn}::text`,
    fields: [
      computed(
        "gift_cards",
        "amount",
        (row: typeof giftCards.$inferSelect) =>
          `${formatMinor(toMinor(row.amount), row.currency)} (${row.currency})`,
      ),
      ...fields(
        "gift_cards",
        "senderName",
        "senderEmail",
        "recipientName",
        "recipientEmail",
        "message",
        "deliverOn",
      ),
      computed("gift_cards", "deliveredAt", (row: typeof giftCards.$inferSelect) =>
        row.deliveredAt ? row.deliveredAt.toISOString() : "Not yet",
      ),
      // The code is money: the page shows it (staff resend it on request); a spreadsheet gets the last four only.
      computed(
        "gift_cards",
        "code",
        (row: typeof giftCards.$inferSelect) => formatGiftCode(row.code),
        (row) => `ASC-••••-••••-${row.code.slice(8, 12)}`,
      ),
      ...fields("gift_cards", "expiresAt"),
      computed("gift_cards", "redeemedAt", (row: typeof giftCards.$inferSelect) =>
        row.redeemedAt ? `${row.redeemedAt.toISOString()} for ${row.tokensGranted} tokens` : "No",
      ),
      ...fields("gift_cards", "redeemedBy"),
      computed(
        "gift_cards",
        "purchaserId",
        (row: typeof giftCards.$inferSelect) => row.purchaserId ?? "Visitor without an account",
      ),
      ...fields("gift_cards", "paymentId"),
    ],
    sender: (row) => ({ name: row.senderName, email: row.senderEmail }),
  }),
  defineSource({
    type: "referral",
    label: SUBMISSION_TABLES.referrals.label,
    table: referrals,
    name: referrals.referrerName,
    email: referrals.referrerEmail,
    summary: sql`'Invited ' || ${referrals.inviteeEmail} || ' (code ' || ${referrals.code} || ')'`,
    fields: fields("referrals", "referrerName", "referrerEmail", "inviteeEmail", "code", "message"),
    sender: (row) => ({ name: row.referrerName, email: row.referrerEmail }),
  }),
  defineSource({
    type: "newsletter",
    label: SUBMISSION_TABLES.newsletter_subscribers.label,
    table: newsletterSubscribers,
    name: newsletterSubscribers.email,
    email: newsletterSubscribers.email,
    summary: sql`'Newsletter: ' || ${labelSql("newsletter_subscribers", "status", newsletterSubscribers.status)}`,
    fields: fields("newsletter_subscribers", "email", "status", "confirmedAt", "unsubscribedAt"),
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
