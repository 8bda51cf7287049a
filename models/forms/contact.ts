import { z } from "zod";
import {
  checkbox,
  choice,
  phoneCountry,
  phoneNumber,
  requiredEmail,
  requiredText,
  todayInAgencyTimeZone,
  optionValues,
} from "../platform/form-fields";

// The contact page's three forms (docs/product.md, "Public forms", "Error messages"): office visit,
// investor/partner meeting and service quote.

export const CITIES = ["Mumbai", "Navi Mumbai", "Thane", "Pune"] as const;
export const COUNTRY_OPTIONS = ["India"] as const;

export const MEETING_TYPES = [
  { value: "investor", label: "Investment Opportunity" },
  { value: "partner", label: "Partnership Discussion" },
  { value: "strategic", label: "Strategic Alliance" },
  { value: "collaboration", label: "Collaboration" },
  { value: "acquisition", label: "Acquisition Discussion" },
  { value: "joint_venture", label: "Joint Venture" },
] as const;

export const SERVICES = [
  { value: "strategy", label: "Strategy" },
  { value: "graphic_design", label: "Graphic Design" },
  { value: "website_development", label: "Website Development" },
  { value: "motion_video", label: "Motion & Video" },
  { value: "social_media", label: "Social Media" },
  { value: "app_development", label: "App Development" },
  { value: "sound_design", label: "Sound Design" },
  { value: "ai_ar_vr", label: "AI, AR & VR" },
] as const;

export const SOLUTIONS = [
  { value: "custom_development", label: "Custom Development" },
  { value: "template_based", label: "Template Based" },
  { value: "consulting_only", label: "Consulting Only" },
  { value: "full_service", label: "Full Service" },
  { value: "maintenance", label: "Maintenance" },
  { value: "optimization", label: "Optimization" },
  { value: "integration", label: "Integration" },
  { value: "training", label: "Training" },
] as const;

export const CONTACT_MESSAGES = {
  // The product's wording (docs/product.md, "Error messages"), word for word.
  visitDateRequired: "Please select a visit date",
  visitDateFuture: "Please select a future date for your visit",
  briefTooShort: "Please provide a more detailed description (at least 20 characters)",
  visitSuccess: "Office visit booking submitted successfully! We will confirm your visit soon.",
  meetingSuccess: "Meeting request submitted successfully! Our team will contact you soon.",
  quoteSuccess:
    "Service quote request submitted successfully! We will send you a detailed quote within 24-48 hours.",
  visitConfirmation: "We will confirm our availability to you through Email and WhatsApp.",
  // Ours: the visit form takes a day after today (its date rule below); the page and the assistant say so.
  visitDay: "Pick a day after today and we will plan the visit around you.",
  // Ours, where the spec only says "required".
  companyName: "Company name is required.",
  yourName: "Your name is required.",
  designation: "Your designation is required.",
  companyEmail: "Company email is required.",
  companyAddress: "Company address is required.",
  city: "Please choose a city from the list.",
  country: "Please choose a country from the list.",
  meetingType: "Please choose a meeting type.",
  service: "Please select a service.",
  solution: "Please select a solution.",
} as const;

const M = CONTACT_MESSAGES;

const companyFields = {
  company_name: requiredText(M.companyName),
  your_name: requiredText(M.yourName),
  company_designation: requiredText(M.designation),
  company_email: requiredEmail(M.companyEmail),
  phone_country: phoneCountry,
  phone_number: phoneNumber({ required: true }),
};

/** A YYYY-MM-DD date strictly after today in the agency's time zone. */
const visitDate = z
  .string({ error: (issue) => (issue.input === undefined ? M.visitDateRequired : undefined) })
  .trim()
  .min(1, { error: M.visitDateRequired, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.visitDateRequired, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: M.visitDateRequired,
    abort: true,
  })
  .refine((value) => value > todayInAgencyTimeZone(), { error: M.visitDateFuture });

export const OfficeVisitSchema = z.object({
  ...companyFields,
  company_address: requiredText(M.companyAddress, 500),
  visit_date: visitDate,
  city: choice(CITIES, M.city).optional().default("Mumbai"),
  country: choice(COUNTRY_OPTIONS, M.country).optional().default("India"),
});

export const InvestorMeetingSchema = z.object({
  ...companyFields,
  meeting_type: choice(optionValues(MEETING_TYPES), M.meetingType).optional().default("investor"),
  connect_google_meet: checkbox,
  meeting_agenda: z.string().trim().max(2000).optional().default(""),
});

export const ServiceQuoteSchema = z.object({
  ...companyFields,
  selected_service: choice(optionValues(SERVICES), M.service),
  selected_solution: choice(optionValues(SOLUTIONS), M.solution),
  additional_brief: z
    .string({ error: (issue) => (issue.input === undefined ? M.briefTooShort : undefined) })
    .trim()
    .min(20, { error: M.briefTooShort })
    .max(5000),
  connect_google_meet: checkbox,
});

export type OfficeVisitInput = z.infer<typeof OfficeVisitSchema>;
export type InvestorMeetingInput = z.infer<typeof InvestorMeetingSchema>;
export type ServiceQuoteInput = z.infer<typeof ServiceQuoteSchema>;
