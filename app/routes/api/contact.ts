import { InvestorMeetingSchema, OfficeVisitSchema, ServiceQuoteSchema } from "~models/forms/contact";
import { InvestmentInquirySchema } from "~models/forms/inquiries";
import { submitInvestmentInquiry, submitInvestorMeeting, submitOfficeVisit, submitServiceQuote, submitSupportTicket } from "~models/forms/submissions.server";
import { SupportTicketSchema } from "~models/forms/support";
import { apiError, methodNotAllowed } from "~/lib/api.server";
import { handleFormApi } from "~/lib/public-forms.server";
import type { Route } from "./+types/contact";

/** POST /api/contact/{form}/ (spec 000 §7, spec 001 §7): 201 {id, message}. */
const FORMS: Record<string, (request: Request) => Promise<Response>> = {
  "office-visit": (request) =>
    handleFormApi(request, { schema: OfficeVisitSchema, submit: submitOfficeVisit, defaultError: "Error submitting booking" }),
  "investor-meeting": (request) =>
    handleFormApi(request, { schema: InvestorMeetingSchema, submit: submitInvestorMeeting, defaultError: "Error submitting meeting request" }),
  "service-quote": (request) =>
    handleFormApi(request, { schema: ServiceQuoteSchema, submit: submitServiceQuote, defaultError: "Error submitting quote request" }),
  "investment-inquiry": (request) =>
    handleFormApi(request, { schema: InvestmentInquirySchema, submit: submitInvestmentInquiry, defaultError: "Error submitting investment inquiry" }),
  "support-ticket": (request) =>
    handleFormApi(request, { schema: SupportTicketSchema, submit: submitSupportTicket, defaultError: "Error submitting support ticket" }),
};

export function action({ request, params }: Route.ActionArgs) {
  const handle = FORMS[params.form];
  if (!handle) return apiError(404, "Not found.");
  return handle(request);
}

export function loader({ request, params }: Route.LoaderArgs) {
  if (!FORMS[params.form]) return apiError(404, "Not found.");
  return methodNotAllowed(request, ["POST"]);
}
