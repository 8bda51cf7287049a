import { InvestorMeetingSchema, OfficeVisitSchema, ServiceQuoteSchema } from "~models/forms/contact";
import { InvestmentInquirySchema } from "~models/forms/inquiries";
import {
  submitInvestmentInquiry,
  submitInvestorMeeting,
  submitOfficeVisit,
  submitServiceQuote,
  submitSupportTicket,
} from "~models/forms/submissions.server";
import { SupportTicketSchema } from "~models/forms/support";
import {
  ATTACHMENT_RULES,
  CollaborationSchema,
  CV_RULES,
  JobApplicationSchema,
} from "~models/forms/applications";
import { submitCollaboration, submitJobApplication } from "~models/forms/applications.server";
import { ownValue } from "~models/platform/lookup";
import { apiError, methodNotAllowed } from "~/lib/api.server";
import { readJson } from "~/lib/body/json.server";
import { handleFormApi, readMultipartBody } from "~/lib/public-forms.server";
import type { Route } from "./+types/contact";

/** POST /api/contact/{form}/ (docs/product.md, "Public forms", "REST API"): 201 {id, message}. */
const FORMS: Record<string, (request: Request) => Promise<Response>> = {
  "office-visit": (request) =>
    handleFormApi(request, {
      schema: OfficeVisitSchema,
      submit: submitOfficeVisit,
      defaultError: "Error submitting booking",
    }),
  "investor-meeting": (request) =>
    handleFormApi(request, {
      schema: InvestorMeetingSchema,
      submit: submitInvestorMeeting,
      defaultError: "Error submitting meeting request",
    }),
  "service-quote": (request) =>
    handleFormApi(request, {
      schema: ServiceQuoteSchema,
      submit: submitServiceQuote,
      defaultError: "Error submitting quote request",
    }),
  "investment-inquiry": (request) =>
    handleFormApi(request, {
      schema: InvestmentInquirySchema,
      submit: submitInvestmentInquiry,
      defaultError: "Error submitting investment inquiry",
    }),
  // Multipart: the CV is a file.
  "job-application": (request) =>
    handleFormApi(request, {
      schema: JobApplicationSchema,
      submit: submitJobApplication,
      defaultError: "Something went wrong",
      body: () =>
        isMultipart(request)
          ? readMultipartBody(request, CV_RULES.maxBytes)
          : Promise.resolve(apiError(415, "Content-Type must be multipart/form-data.")),
    }),
  // Multipart when a file is attached, otherwise JSON; the original client reads `details` first.
  collaboration: (request) =>
    handleFormApi(request, {
      schema: CollaborationSchema,
      submit: submitCollaboration,
      defaultError: "Error submitting collaboration request. Please check all required fields and try again.",
      summaryKey: "details",
      body: () =>
        isMultipart(request) ? readMultipartBody(request, ATTACHMENT_RULES.maxBytes) : readJson(request),
    }),
  "support-ticket": (request) =>
    handleFormApi(request, {
      schema: SupportTicketSchema,
      submit: submitSupportTicket,
      defaultError: "Error submitting support ticket",
    }),
};

const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

export function action({ request, params }: Route.ActionArgs) {
  const handle = ownValue(FORMS, params.form);
  if (!handle) return apiError(404, "Not found.");
  return handle(request);
}

export function loader({ request, params }: Route.LoaderArgs) {
  if (!ownValue(FORMS, params.form)) return apiError(404, "Not found.");
  return methodNotAllowed(request, ["POST"]);
}
