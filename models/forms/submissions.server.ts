import { db } from "../platform/db.server";
import {
  investmentInquiries,
  investorMeetings,
  officeVisits,
  serviceQuotes,
  supportTickets,
} from "../schema";
import {
  CONTACT_MESSAGES,
  MEETING_TYPES,
  SERVICES,
  SOLUTIONS,
  type InvestorMeetingInput,
  type OfficeVisitInput,
  type ServiceQuoteInput,
} from "./contact";
import { INQUIRY_MESSAGES, INTEREST_LEVELS, INVESTOR_TYPES, type InvestmentInquiryInput } from "./inquiries";
import {
  normalisePhone,
  notifySubmission,
  withFormRateLimit,
  type FormOutcome,
  type SubmissionContext,
} from "./submission-steps.server";
import { SUPPORT_MESSAGES, type SupportTicketInput } from "./support";

const label = <T extends readonly { value: string; label: string }[]>(list: T, value: string) =>
  list.find((item) => item.value === value)?.label ?? value;
const yesNo = (value: boolean) => (value ? "Yes" : "No");

type CompanyInput = {
  company_name: string;
  your_name: string;
  company_designation: string;
  company_email: string;
};

/** The columns the visit, meeting and quote tables share. */
const companyColumns = (input: CompanyInput, phoneNumber: string, context: SubmissionContext) => ({
  userId: context.userId ?? null,
  companyName: input.company_name,
  yourName: input.your_name,
  companyDesignation: input.company_designation,
  companyEmail: input.company_email,
  phoneNumber,
});

export function submitOfficeVisit(input: OfficeVisitInput, context: SubmissionContext): Promise<FormOutcome> {
  return withFormRateLimit("office_visit", context, async () => {
    const phone = normalisePhone(input.phone_number, input.phone_country);
    if (!phone.ok) return phone.outcome;
    const [row] = await db()
      .insert(officeVisits)
      .values({
        ...companyColumns(input, phone.value, context),
        companyAddress: input.company_address,
        visitDate: input.visit_date,
        city: input.city,
        country: input.country,
      })
      .returning({ id: officeVisits.id });
    await notifySubmission({
      kind: "office_visit",
      mailbox: "hello",
      sender: { name: input.your_name, email: input.company_email },
      subject: "Office visit request",
      confirmation: `Thank you for booking a visit on ${input.visit_date}. ${CONTACT_MESSAGES.visitConfirmation}`,
      summary: [
        ["Company", input.company_name],
        ["Designation", input.company_designation],
        ["Phone", phone.value],
        ["Address", input.company_address],
        ["Visit date", input.visit_date],
        ["City", `${input.city}, ${input.country}`],
      ],
    });
    return { status: "ok", id: row!.id, message: CONTACT_MESSAGES.visitSuccess };
  });
}

export function submitInvestorMeeting(
  input: InvestorMeetingInput,
  context: SubmissionContext,
): Promise<FormOutcome> {
  return withFormRateLimit("investor_meeting", context, async () => {
    const phone = normalisePhone(input.phone_number, input.phone_country);
    if (!phone.ok) return phone.outcome;
    const [row] = await db()
      .insert(investorMeetings)
      .values({
        ...companyColumns(input, phone.value, context),
        meetingType: input.meeting_type,
        connectGoogleMeet: input.connect_google_meet,
        meetingAgenda: input.meeting_agenda,
      })
      .returning({ id: investorMeetings.id });
    await notifySubmission({
      kind: "investor_meeting",
      mailbox: "hello",
      sender: { name: input.your_name, email: input.company_email },
      subject: "Meeting request",
      confirmation: CONTACT_MESSAGES.meetingSuccess,
      summary: [
        ["Company", input.company_name],
        ["Designation", input.company_designation],
        ["Phone", phone.value],
        ["Meeting type", label(MEETING_TYPES, input.meeting_type)],
        ["Google Meet", yesNo(input.connect_google_meet)],
        ["Agenda", input.meeting_agenda],
      ],
    });
    return { status: "ok", id: row!.id, message: CONTACT_MESSAGES.meetingSuccess };
  });
}

export function submitServiceQuote(
  input: ServiceQuoteInput,
  context: SubmissionContext,
): Promise<FormOutcome> {
  return withFormRateLimit("service_quote", context, async () => {
    const phone = normalisePhone(input.phone_number, input.phone_country);
    if (!phone.ok) return phone.outcome;
    const [row] = await db()
      .insert(serviceQuotes)
      .values({
        ...companyColumns(input, phone.value, context),
        selectedService: input.selected_service,
        selectedSolution: input.selected_solution,
        additionalBrief: input.additional_brief,
        connectGoogleMeet: input.connect_google_meet,
      })
      .returning({ id: serviceQuotes.id });
    await notifySubmission({
      kind: "service_quote",
      mailbox: "projects",
      sender: { name: input.your_name, email: input.company_email },
      subject: "Quote request",
      confirmation: CONTACT_MESSAGES.quoteSuccess,
      summary: [
        ["Company", input.company_name],
        ["Phone", phone.value],
        ["Service", label(SERVICES, input.selected_service)],
        ["Solution", label(SOLUTIONS, input.selected_solution)],
        ["Google Meet", yesNo(input.connect_google_meet)],
        ["Brief", input.additional_brief],
      ],
    });
    return { status: "ok", id: row!.id, message: CONTACT_MESSAGES.quoteSuccess };
  });
}

export function submitInvestmentInquiry(
  input: InvestmentInquiryInput,
  context: SubmissionContext,
): Promise<FormOutcome> {
  return withFormRateLimit("investment_inquiry", context, async () => {
    const phone = normalisePhone(input.phone_number, input.phone_country);
    if (!phone.ok) return phone.outcome;
    const [row] = await db()
      .insert(investmentInquiries)
      .values({
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
      })
      .returning({ id: investmentInquiries.id });
    await notifySubmission({
      kind: "investment_inquiry",
      mailbox: "hello",
      sender: { name: input.full_name, email: input.email_address },
      subject: "Investment inquiry",
      confirmation: INQUIRY_MESSAGES.investorSuccess,
      summary: [
        ["Interest", label(INTEREST_LEVELS, input.investment_interest)],
        ["Investor type", label(INVESTOR_TYPES, input.investor_type)],
        ["Organization", input.organization],
        ["Range", input.investment_amount_range],
        ["Phone", phone.value],
        ["LinkedIn", input.linkedin_profile],
        ["Previous investments", input.previous_investments],
        ["Message", input.message],
      ],
    });
    return { status: "ok", id: row!.id, message: INQUIRY_MESSAGES.investorSuccess };
  });
}

/** `channel` "chat": a chat assistant handoff, labelled as such in the back-office inbox. */
export function submitSupportTicket(
  input: SupportTicketInput,
  context: SubmissionContext,
  channel: "form" | "chat" = "form",
): Promise<FormOutcome> {
  return withFormRateLimit("support_ticket", context, async () => {
    const [row] = await db()
      .insert(supportTickets)
      .values({
        userId: context.userId ?? null,
        email: input.email,
        subject: input.subject,
        type: input.type,
        description: input.description,
        channel,
      })
      .returning({ id: supportTickets.id, ticketNumber: supportTickets.ticketNumber });
    const message = SUPPORT_MESSAGES.ticketCreated(row!.ticketNumber);
    await notifySubmission({
      kind: "support_ticket",
      mailbox: "support",
      sender: { name: input.email, email: input.email },
      subject: `Support ticket #${row!.ticketNumber}`,
      confirmation: `We have received your ticket #${row!.ticketNumber} and will reply to this address.`,
      summary: [
        ["Type", input.type],
        ["Subject", input.subject],
        ["Description", input.description],
      ],
    });
    return { status: "ok", id: row!.id, message, extra: { ticket_number: row!.ticketNumber } };
  });
}
