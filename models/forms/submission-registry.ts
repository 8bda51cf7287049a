import { CAREER_ROLES } from "../content/career-roles";
import { BUDGET_RANGES, COLLABORATION_TYPES, EXPECTED_TIMELINES } from "./applications";
import { MEETING_TYPES, SERVICES, SOLUTIONS } from "./contact";
import { INTEREST_LEVELS, INVESTMENT_RANGES, INVESTOR_TYPES } from "./inquiries";
import { TICKET_TYPES } from "./support";

// One registry per submission table (decision 0071): what a row of it is called
// and, for each of its fields (by the row's property name), the label people
// read and, for a choice, the option list the public form offers. The staff
// emails, the back-office inbox (list, page, CSV export) and the meetings page
// read labels here, never a raw key such as `backend_developer`. The option
// lists are the forms' own (imported, never copied), so a label changed on a
// form changes everywhere.

/** A form's choices: the stored key and the label the form shows. */
export type OptionList = readonly { readonly value: string; readonly label: string }[];

export type FieldSpec = { readonly label: string; readonly options?: OptionList };

export type TableSpec = { readonly label: string; readonly fields: Readonly<Record<string, FieldSpec>> };

/** Support tickets store the label itself as the key. */
const asOptions = (values: readonly string[]): OptionList => values.map((value) => ({ value, label: value }));

/** Newsletter sign-ups: no form offers these, the subscription moves through them. */
const NEWSLETTER_STATUSES = [
  { value: "pending", label: "Waiting for confirmation" },
  { value: "confirmed", label: "Subscribed" },
  { value: "unsubscribed", label: "Unsubscribed" },
] as const;

/** The fields the office visit, investor meeting and quote request share (the contact page's company block). */
const COMPANY_FIELDS = {
  yourName: { label: "Name" },
  companyName: { label: "Company" },
  companyDesignation: { label: "Designation" },
  companyEmail: { label: "Company email" },
  phoneNumber: { label: "Phone" },
} as const;

export const SUBMISSION_TABLES = {
  office_visits: {
    label: "Office visit",
    fields: {
      ...COMPANY_FIELDS,
      companyAddress: { label: "Company address" },
      visitDate: { label: "Visit date" },
      city: { label: "City" },
      country: { label: "Country" },
    },
  },
  investor_meetings: {
    label: "Investor or partner meeting",
    fields: {
      ...COMPANY_FIELDS,
      meetingType: { label: "Meeting type", options: MEETING_TYPES },
      connectGoogleMeet: { label: "Google Meet" },
      meetingAgenda: { label: "Agenda" },
    },
  },
  service_quotes: {
    label: "Quote request",
    fields: {
      ...COMPANY_FIELDS,
      selectedService: { label: "Service", options: SERVICES },
      selectedSolution: { label: "Solution", options: SOLUTIONS },
      connectGoogleMeet: { label: "Google Meet" },
      additionalBrief: { label: "Brief" },
    },
  },
  job_applications: {
    label: "Job application",
    fields: {
      fullName: { label: "Full name" },
      emailAddress: { label: "Email address" },
      roleOfInterest: { label: "Role of interest", options: CAREER_ROLES },
      whyJoin: { label: "Why they want to join" },
      cvName: { label: "CV" },
    },
  },
  collaboration_requests: {
    label: "Collaboration pitch",
    fields: {
      name: { label: "Name" },
      email: { label: "Email" },
      organization: { label: "Organization" },
      collaborationType: { label: "Collaboration type", options: COLLABORATION_TYPES },
      expectedTimeline: { label: "Expected timeline", options: EXPECTED_TIMELINES },
      budgetRange: { label: "Budget range", options: BUDGET_RANGES },
      collaborationIdea: { label: "Idea" },
      attachmentName: { label: "Attachment" },
    },
  },
  investment_inquiries: {
    label: "Investment inquiry",
    fields: {
      fullName: { label: "Full name" },
      emailAddress: { label: "Email address" },
      phoneNumber: { label: "Phone" },
      investmentInterest: { label: "Interest", options: INTEREST_LEVELS },
      investorType: { label: "Investor type", options: INVESTOR_TYPES },
      organization: { label: "Organization" },
      investmentAmountRange: { label: "Amount range", options: INVESTMENT_RANGES },
      linkedinProfile: { label: "LinkedIn" },
      previousInvestments: { label: "Previous investments" },
      message: { label: "Message" },
    },
  },
  support_tickets: {
    label: "Support ticket",
    fields: {
      ticketNumber: { label: "Ticket" },
      email: { label: "Email" },
      type: { label: "Type", options: asOptions(TICKET_TYPES) },
      subject: { label: "Subject" },
      description: { label: "Description" },
    },
  },
  gift_cards: {
    label: "Gift card",
    fields: {
      amount: { label: "Amount" },
      senderName: { label: "Sender" },
      senderEmail: { label: "Sender email" },
      recipientName: { label: "Recipient" },
      recipientEmail: { label: "Recipient email" },
      message: { label: "Message" },
      deliverOn: { label: "Delivery date" },
      deliveredAt: { label: "Emailed" },
      code: { label: "Code" },
      expiresAt: { label: "Valid until" },
      redeemedAt: { label: "Redeemed" },
      redeemedBy: { label: "Redeemed by account" },
      purchaserId: { label: "Bought from account" },
      paymentId: { label: "Payment" },
    },
  },
  referrals: {
    label: "Referral",
    fields: {
      referrerName: { label: "Referrer" },
      referrerEmail: { label: "Referrer email" },
      inviteeEmail: { label: "Invited" },
      code: { label: "Code" },
      message: { label: "Message" },
    },
  },
  newsletter_subscribers: {
    label: "Newsletter sign-up",
    fields: {
      email: { label: "Email" },
      status: { label: "Status", options: NEWSLETTER_STATUSES },
      confirmedAt: { label: "Confirmed" },
      unsubscribedAt: { label: "Unsubscribed" },
    },
  },
} as const satisfies Record<string, TableSpec>;

export type SubmissionTableName = keyof typeof SUBMISSION_TABLES;
export type SubmissionFieldKey<T extends SubmissionTableName> =
  keyof (typeof SUBMISSION_TABLES)[T]["fields"] & string;

function specOf<T extends SubmissionTableName>(table: T, key: SubmissionFieldKey<T>): FieldSpec {
  return (SUBMISSION_TABLES[table].fields as Record<string, FieldSpec>)[key]!;
}

/** A field's label, e.g. "Role of interest". */
export const fieldLabel = <T extends SubmissionTableName>(table: T, key: SubmissionFieldKey<T>): string =>
  specOf(table, key).label;

/** The label of a value from one of the forms' option lists (the value itself when it is not listed). */
const optionLabel = (list: OptionList, value: string): string =>
  list.find((item) => item.value === value)?.label ?? value;

/**
 * A stored value as people read it: a choice's label, Yes/No, a date's ISO form, "" for nothing. A
 * value no list holds (free text typed where the form allows it) is shown as it was typed.
 */
export function displayValue<T extends SubmissionTableName>(
  table: T,
  key: SubmissionFieldKey<T>,
  value: unknown,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value instanceof Date) return value.toISOString();
  const options = specOf(table, key).options;
  return options ? optionLabel(options, String(value)) : String(value);
}

/** A row's fields as [label, value] pairs, in the order given. */
export function labelledFields<T extends SubmissionTableName>(
  table: T,
  row: Readonly<Record<string, unknown>>,
  keys: ReadonlyArray<SubmissionFieldKey<T>>,
): Array<[string, string]> {
  return keys.map((key) => [fieldLabel(table, key), displayValue(table, key, row[key])]);
}
