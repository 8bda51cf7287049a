// The schema each public form validates with, by the form's id, for the forms
// island (decision 0045). The pages pass the same schemas to useZodForm, and
// the server checks them again on every post. A form id missing here is not
// validated in the browser (the server still answers); the forms island test
// fails when an island page renders a form this map does not know.
import type { $ZodType } from "zod/v4/core";
import { giftCardSchema } from "~models/billing/gift-cards";
import { AcceptExistingStaffSchema, AcceptNewStaffSchema } from "~models/back-office/staff";
import { CollaborationSchema, JobApplicationSchema } from "~models/forms/applications";
import { InvestmentInquirySchema } from "~models/forms/inquiries";
import { InvestorMeetingSchema, OfficeVisitSchema, ServiceQuoteSchema } from "~models/forms/contact";
import { ReferralSchema, SupportTicketSchema } from "~models/forms/support";
import {
  ForgotPasswordSchema,
  LoginFormSchema,
  ResetPasswordSchema,
  SignupFormSchema,
} from "~models/identity/accounts";

type SchemaFor = (form: HTMLFormElement) => $ZodType;

export const FORM_SCHEMAS: Record<string, SchemaFor> = {
  "office-visit": () => OfficeVisitSchema,
  "investor-meeting": () => InvestorMeetingSchema,
  "service-quote": () => ServiceQuoteSchema,
  "job-application": () => JobApplicationSchema,
  collaboration: () => CollaborationSchema,
  "investment-inquiry": () => InvestmentInquirySchema,
  "support-ticket": () => SupportTicketSchema,
  referral: () => ReferralSchema,
  // Card fields are required only when the card is taken on this page (test or card mode).
  "gift-card": (form) => giftCardSchema({ cardRequired: form.dataset.cardRequired === "true" }),
  login: () => LoginFormSchema,
  signup: () => SignupFormSchema,
  "forgot-password": () => ForgotPasswordSchema,
  "reset-password": () => ResetPasswordSchema,
  // The username field is there only for someone who has no account yet.
  "staff-invite": (form) =>
    form.elements.namedItem("username") ? AcceptNewStaffSchema : AcceptExistingStaffSchema,
};
