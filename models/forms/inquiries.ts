import { z } from "zod";
import {
  choice,
  optionalText,
  phoneCountry,
  phoneNumber,
  requiredEmail,
  requiredText,
  optionValues,
} from "../platform/form-fields";

// Investors page form (docs/product.md, "Public forms", "Error messages").

export const INTEREST_LEVELS = [
  { value: "casual", label: "Just exploring" },
  { value: "serious", label: "Seriously considering" },
  { value: "ready", label: "Ready to invest" },
  { value: "strategic", label: "Strategic partnership" },
  { value: "acquisition", label: "Acquisition interest" },
] as const;

export const INVESTOR_TYPES = [
  { value: "individual", label: "Individual" },
  { value: "angel", label: "Angel investor" },
  { value: "vc_fund", label: "VC fund" },
  { value: "private_equity", label: "Private equity" },
  { value: "corporate", label: "Corporate" },
  { value: "family_office", label: "Family office" },
  { value: "government", label: "Government" },
  { value: "other", label: "Other" },
] as const;

export const INVESTMENT_RANGES = [
  { value: "under_10l", label: "Under ₹10 lakh" },
  { value: "10l_50l", label: "₹10–50 lakh" },
  { value: "50l_1cr", label: "₹50 lakh – ₹1 crore" },
  { value: "1cr_5cr", label: "₹1–5 crore" },
  { value: "above_5cr", label: "Above ₹5 crore" },
  { value: "undisclosed", label: "Prefer not to say" },
] as const;

export const INQUIRY_MESSAGES = {
  // The product's wording (docs/product.md, "Error messages"), word for word.
  investorMessageTooShort:
    "Please provide more details about your investment interest (at least 50 characters).",
  investorSuccess: "Thank you for your interest! We will be in touch soon.",
  // Ours.
  fullName: "Full name is required.",
  emailAddress: "Email address is required.",
  interest: "Please choose your interest level.",
  investorType: "Please choose an investor type.",
  amountRange: "Please choose an investment range from the list.",
  linkedin: "Please enter the full address of your LinkedIn profile, starting with https://.",
} as const;

const M = INQUIRY_MESSAGES;

export const InvestmentInquirySchema = z.object({
  full_name: requiredText(M.fullName),
  email_address: requiredEmail(M.emailAddress),
  investment_interest: choice(optionValues(INTEREST_LEVELS), M.interest),
  investor_type: choice(optionValues(INVESTOR_TYPES), M.investorType).optional().default("individual"),
  organization: optionalText(200),
  investment_amount_range: z
    .union([z.literal(""), choice(optionValues(INVESTMENT_RANGES), M.amountRange)])
    .optional()
    .default(""),
  message: z
    .string({ error: (issue) => (issue.input === undefined ? M.investorMessageTooShort : undefined) })
    .trim()
    .min(50, { error: M.investorMessageTooShort })
    .max(5000),
  phone_country: phoneCountry,
  phone_number: phoneNumber({ required: false }),
  linkedin_profile: z
    .string()
    .trim()
    .max(300, { error: M.linkedin })
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: M.linkedin })]))
    .optional()
    .default(""),
  previous_investments: optionalText(2000),
});

export type InvestmentInquiryInput = z.infer<typeof InvestmentInquirySchema>;
