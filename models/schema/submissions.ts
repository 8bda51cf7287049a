import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

// One table per public form. Every row records when it arrived and whether
// staff have handled it; user_id is set when a signed-in client sent it.
const submission = {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  handled: boolean("handled").notNull().default(false),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
};

const company = {
  companyName: text("company_name").notNull(),
  yourName: text("your_name").notNull(),
  companyDesignation: text("company_designation").notNull(),
  companyEmail: text("company_email").notNull(),
  phoneNumber: text("phone_number").notNull(),
};

export const officeVisits = pgTable(
  "office_visits",
  {
    ...submission,
    ...company,
    companyAddress: text("company_address").notNull(),
    visitDate: date("visit_date").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
  },
  (t) => [index("office_visits_created_at_idx").on(t.createdAt)],
);

export const investorMeetings = pgTable(
  "investor_meetings",
  {
    ...submission,
    ...company,
    meetingType: text("meeting_type").notNull(),
    connectGoogleMeet: boolean("connect_google_meet").notNull().default(false),
    meetingAgenda: text("meeting_agenda").notNull().default(""),
  },
  (t) => [index("investor_meetings_created_at_idx").on(t.createdAt)],
);

export const serviceQuotes = pgTable(
  "service_quotes",
  {
    ...submission,
    ...company,
    selectedService: text("selected_service").notNull(),
    selectedSolution: text("selected_solution").notNull(),
    additionalBrief: text("additional_brief").notNull(),
    connectGoogleMeet: boolean("connect_google_meet").notNull().default(false),
  },
  (t) => [index("service_quotes_created_at_idx").on(t.createdAt)],
);

export const investmentInquiries = pgTable(
  "investment_inquiries",
  {
    ...submission,
    fullName: text("full_name").notNull(),
    emailAddress: text("email_address").notNull(),
    investmentInterest: text("investment_interest").notNull(),
    investorType: text("investor_type").notNull(),
    organization: text("organization").notNull().default(""),
    investmentAmountRange: text("investment_amount_range").notNull().default(""),
    message: text("message").notNull(),
    phoneNumber: text("phone_number").notNull().default(""),
    linkedinProfile: text("linkedin_profile").notNull().default(""),
    previousInvestments: text("previous_investments").notNull().default(""),
  },
  (t) => [index("investment_inquiries_created_at_idx").on(t.createdAt)],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    ...submission,
    ticketNumber: integer("ticket_number").notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    type: text("type").notNull(),
    description: text("description").notNull(),
    /** "form" (/createticket, the API) or "chat" (a chat assistant handoff with its transcript). */
    channel: text("channel").notNull().default("form"),
  },
  (t) => [
    uniqueIndex("support_tickets_number_key").on(t.ticketNumber),
    index("support_tickets_created_at_idx").on(t.createdAt),
    check("support_tickets_channel_check", sql`${t.channel} in ('form', 'chat')`),
  ],
);

/** Double opt-in: pending until the emailed link is confirmed. Tokens are stored hashed. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    ...submission,
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_key").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_confirm_idx").on(t.confirmTokenHash),
    index("newsletter_subscribers_unsubscribe_idx").on(t.unsubscribeTokenHash),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    ...submission,
    code: text("code").notNull(),
    referrerName: text("referrer_name").notNull(),
    referrerEmail: text("referrer_email").notNull(),
    inviteeEmail: text("invitee_email").notNull(),
    message: text("message").notNull().default(""),
  },
  (t) => [uniqueIndex("referrals_code_key").on(t.code), index("referrals_created_at_idx").on(t.createdAt)],
);

/** Careers: the CV lives in DATA_DIR/uploads/<cv_storage_key>. */
export const jobApplications = pgTable(
  "job_applications",
  {
    ...submission,
    fullName: text("full_name").notNull(),
    emailAddress: text("email_address").notNull(),
    roleOfInterest: text("role_of_interest").notNull(),
    whyJoin: text("why_join").notNull(),
    cvStorageKey: text("cv_storage_key").notNull(),
    cvName: text("cv_name").notNull(),
    cvSize: integer("cv_size").notNull(),
    cvContentType: text("cv_content_type").notNull(),
  },
  (t) => [index("job_applications_created_at_idx").on(t.createdAt)],
);

/** Collaboration pitches, with an optional attachment in DATA_DIR/uploads. */
export const collaborationRequests = pgTable(
  "collaboration_requests",
  {
    ...submission,
    name: text("name").notNull(),
    email: text("email").notNull(),
    organization: text("organization").notNull().default(""),
    collaborationIdea: text("collaboration_idea").notNull(),
    collaborationType: text("collaboration_type").notNull(),
    expectedTimeline: text("expected_timeline").notNull().default(""),
    budgetRange: text("budget_range").notNull().default(""),
    attachmentStorageKey: text("attachment_storage_key"),
    attachmentName: text("attachment_name"),
    attachmentSize: integer("attachment_size"),
    attachmentContentType: text("attachment_content_type"),
  },
  (t) => [index("collaboration_requests_created_at_idx").on(t.createdAt)],
);
