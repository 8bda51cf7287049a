import {
  investmentInquiries,
  investorMeetings,
  officeVisits,
  serviceQuotes,
  supportTickets,
} from "../schema";
import {
  CONTACT_MESSAGES,
  type InvestorMeetingInput,
  type OfficeVisitInput,
  type ServiceQuoteInput,
} from "./contact";
import { INQUIRY_MESSAGES, type InvestmentInquiryInput } from "./inquiries";
import { labelledFields } from "./submission-registry";
import {
  formSubmitter,
  normalisePhone,
  ready,
  type FormOutcome,
  type Prepared,
  type SubmissionContext,
} from "./submission-steps.server";
import { SUPPORT_MESSAGES, type SupportTicketInput } from "./support";

// The contact page's three forms, the investment inquiry and the support ticket,
// each described once (FormDescription) and run by formSubmitter.

type CompanyInput = {
  company_name: string;
  your_name: string;
  company_designation: string;
  company_email: string;
  phone_country: string;
  phone_number: string;
};

/**
 * The row of a visit, meeting or quote: the columns the three tables share,
 * with the phone number in E.164, plus the form's own; or the phone's error.
 */
function companyRow<Own extends object>(input: CompanyInput, context: SubmissionContext, own: Own) {
  const phone = normalisePhone(input.phone_number, input.phone_country);
  if (phone.status === "invalid") return phone;
  return ready({
    userId: context.userId ?? null,
    companyName: input.company_name,
    yourName: input.your_name,
    companyDesignation: input.company_designation,
    companyEmail: input.company_email,
    phoneNumber: phone.value,
    ...own,
  });
}

const companySender = (input: CompanyInput) => ({ name: input.your_name, email: input.company_email });

export const submitOfficeVisit = formSubmitter({
  name: "office_visit",
  table: officeVisits,
  row: (input: OfficeVisitInput, context: SubmissionContext) =>
    companyRow(input, context, {
      companyAddress: input.company_address,
      visitDate: input.visit_date,
      city: input.city,
      country: input.country,
    }),
  email: {
    mailbox: "hello",
    notice: (input, row) => ({
      sender: companySender(input),
      subject: "Office visit request",
      confirmation: `Thank you for booking a visit on ${input.visit_date}. ${CONTACT_MESSAGES.visitConfirmation}`,
      summary: labelledFields("office_visits", row, [
        "companyName",
        "companyDesignation",
        "phoneNumber",
        "companyAddress",
        "visitDate",
        "city",
        "country",
      ]),
    }),
  },
  message: CONTACT_MESSAGES.visitSuccess,
});

export const submitInvestorMeeting = formSubmitter({
  name: "investor_meeting",
  table: investorMeetings,
  row: (input: InvestorMeetingInput, context: SubmissionContext) =>
    companyRow(input, context, {
      meetingType: input.meeting_type,
      connectGoogleMeet: input.connect_google_meet,
      meetingAgenda: input.meeting_agenda,
    }),
  email: {
    mailbox: "hello",
    notice: (input, row) => ({
      sender: companySender(input),
      subject: "Meeting request",
      confirmation: CONTACT_MESSAGES.meetingSuccess,
      summary: labelledFields("investor_meetings", row, [
        "companyName",
        "companyDesignation",
        "phoneNumber",
        "meetingType",
        "connectGoogleMeet",
        "meetingAgenda",
      ]),
    }),
  },
  message: CONTACT_MESSAGES.meetingSuccess,
});

export const submitServiceQuote = formSubmitter({
  name: "service_quote",
  table: serviceQuotes,
  row: (input: ServiceQuoteInput, context: SubmissionContext) =>
    companyRow(input, context, {
      selectedService: input.selected_service,
      selectedSolution: input.selected_solution,
      additionalBrief: input.additional_brief,
      connectGoogleMeet: input.connect_google_meet,
    }),
  email: {
    mailbox: "projects",
    notice: (input, row) => ({
      sender: companySender(input),
      subject: "Quote request",
      confirmation: CONTACT_MESSAGES.quoteSuccess,
      summary: labelledFields("service_quotes", row, [
        "companyName",
        "phoneNumber",
        "selectedService",
        "selectedSolution",
        "connectGoogleMeet",
        "additionalBrief",
      ]),
    }),
  },
  message: CONTACT_MESSAGES.quoteSuccess,
});

export const submitInvestmentInquiry = formSubmitter({
  name: "investment_inquiry",
  table: investmentInquiries,
  row: (input: InvestmentInquiryInput, context: SubmissionContext) => {
    const phone = normalisePhone(input.phone_number, input.phone_country);
    if (phone.status === "invalid") return phone;
    return ready({
      userId: context.userId ?? null,
      fullName: input.full_name,
      emailAddress: input.email_address,
      investmentInterest: input.investment_interest,
      investorType: input.investor_type,
      organization: input.organization,
      investmentAmountRange: input.investment_amount_range,
      message: input.message,
      phoneNumber: phone.value,
      linkedinProfile: input.linkedin_profile,
      previousInvestments: input.previous_investments,
    });
  },
  email: {
    mailbox: "hello",
    notice: (input, row) => ({
      sender: { name: input.full_name, email: input.email_address },
      subject: "Investment inquiry",
      confirmation: INQUIRY_MESSAGES.investorSuccess,
      summary: labelledFields("investment_inquiries", row, [
        "investmentInterest",
        "investorType",
        "organization",
        "investmentAmountRange",
        "phoneNumber",
        "linkedinProfile",
        "previousInvestments",
        "message",
      ]),
    }),
  },
  message: INQUIRY_MESSAGES.investorSuccess,
});

type TicketChannel = "form" | "chat";

const submitTicket = formSubmitter({
  name: "support_ticket",
  table: supportTickets,
  row: (
    input: SupportTicketInput,
    context: SubmissionContext & { channel: TicketChannel },
  ): Prepared<typeof supportTickets.$inferInsert> =>
    ready({
      userId: context.userId ?? null,
      email: input.email,
      subject: input.subject,
      type: input.type,
      description: input.description,
      channel: context.channel,
    }),
  email: {
    mailbox: "support",
    notice: (input, row) => ({
      sender: { name: input.email, email: input.email },
      subject: `Support ticket #${row.ticketNumber}`,
      confirmation: `We have received your ticket #${row.ticketNumber} and will reply to this address.`,
      summary: labelledFields("support_tickets", row, ["type", "subject", "description"]),
    }),
  },
  message: (_input, row) => SUPPORT_MESSAGES.ticketCreated(row.ticketNumber),
  extra: (row) => ({ ticket_number: row.ticketNumber }),
});

/** `channel` "chat": a chat assistant handoff, labelled as such in the back-office inbox. */
export function submitSupportTicket(
  input: SupportTicketInput,
  context: SubmissionContext,
  channel: TicketChannel = "form",
): Promise<FormOutcome> {
  return submitTicket(input, { ...context, channel });
}
