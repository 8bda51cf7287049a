import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** `organisation`: an organisation's account row (issue #40), which holds its data and can never sign in. */
    role: text("role", { enum: ["client", "staff", "organisation"] })
      .notNull()
      .default("client"),
    /**
     * What a staff member may see (decision 0075): `full` everything, `studio` all but money
     * (the revenue, recurring revenue and token liability reports and their exports). Ignored for clients.
     */
    staffAccess: text("staff_access", { enum: ["full", "studio"] })
      .notNull()
      .default("full"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /**
     * When the owner proved the address by opening a link sent to it (or the
     * account came from a staff invitation, which did the same). Null: not
     * proved, so nothing sent to the address by others is linked to the account
     * (docs/decisions/0053-email-verification.md).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * The price list the client chose (us, eu, in), at signup or in Billing; null: never chosen,
     * so their last purchase or their browser's language decides (docs/decisions/0059).
     */
    region: text("region"),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the client deleted the account: the row stays (others reference it), anonymised. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // Usernames and emails are unique whatever their case.
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('client', 'staff', 'organisation')`),
    check("users_staff_access_check", sql`${t.staffAccess} in ('full', 'studio')`),
    check("users_region_check", sql`${t.region} is null or ${t.region} in ('us', 'eu', 'in')`),
  ],
);

export const profiles = pgTable("profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contact: text("contact").notNull().default(""),
  countryCode: text("country_code").notNull().default("IN"),
  companyName: text("company_name").notNull().default(""),
  companyEmail: text("company_email").notNull().default(""),
  companyWebsite: text("company_website").notNull().default(""),
  /** The postal address of the account profile (Manage account, docs/product.md, "Accounts"). */
  address: text("address").notNull().default(""),
  avatar: text("avatar"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Browser sessions. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    userAgent: text("user_agent").notNull().default(""),
    /** The organisation this session works in (switching changes it); null: the person's first. */
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "set null" }),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** API keys for `Authorization: Token <key>`; only the key's SHA-256 is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull().unique(),
    name: text("name").notNull().default(""),
    /** The organisation the key acts for; null: the person's first. */
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "set null" }),
    ...timestamps,
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_tokens_user_id_idx").on(t.userId)],
);

/** Single-use password reset tokens; only the token's SHA-256 is stored. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_id_idx").on(t.userId)],
);

/**
 * Links that prove an account's email address; only the token's SHA-256 is
 * stored. Each holds the address it was sent to: opening it after the email
 * changed proves nothing about the new one.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_verifications_user_id_idx").on(t.userId)],
);

/** Fixed-window counters, in the database so that limits hold across processes. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("rate_limits_count_check", sql`${t.count} >= 0`),
    index("rate_limits_window_end_idx").on(t.windowEnd),
  ],
);

/** A file attached to an outbox email; `content` is base64. */
export type StoredAttachment = { filename: string; contentType: string; content: string };

/** Every email the site sends. Without SMTP_URL this is where staff read them. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    ...timestamps,
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Files sent with the email (a calendar invite), kept so a retry and the staff view have them. */
    attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);

// Client organisations (issue #40, docs/decisions/0077-organisations.md). An
// organisation's data (wallet, projects, purchases…) stays keyed by `user_id`:
// that id is the organisation's account row, `account_id` here. For every
// client that existed before, the account row is the client's own users row.

const ROLE_LIST = sql.raw(`'owner', 'approver', 'billing', 'member'`);

export const organisations = pgTable("organisations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** The users row that holds the organisation's data; a person's own row, or one that cannot sign in. */
  accountId: uuid("account_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  ...timestamps,
});

/** Who belongs to an organisation, with which role (models/identity/roles.ts) and which emails they want. */
export const organisationMembers = pgTable(
  "organisation_members",
  {
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "approver", "billing", "member"] }).notNull(),
    /** Tokens this member may spend from the shared wallet per calendar month; null: no cap. */
    monthlyTokenCap: integer("monthly_token_cap"),
    /** Which emails this person gets about this organisation. */
    emailProofs: boolean("email_proofs").notNull().default(true),
    emailPayments: boolean("email_payments").notNull().default(true),
    emailStatus: boolean("email_status").notNull().default(true),
    emailDigest: boolean("email_digest").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index("organisation_members_user_id_idx").on(t.userId, t.createdAt),
    check("organisation_members_role_check", sql`${t.role} in (${ROLE_LIST})`),
    check("organisation_members_cap_check", sql`${t.monthlyTokenCap} is null or ${t.monthlyTokenCap} >= 0`),
  ],
);

/** An invitation by email; only the token's SHA-256 is stored. Good for 7 days from its last sending. */
export const organisationInvitations = pgTable(
  "organisation_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "approver", "billing", "member"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    resentAt: timestamp("resent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("organisation_invitations_token_hash_key").on(t.tokenHash),
    index("organisation_invitations_organisation_id_idx").on(t.organisationId, t.createdAt),
    check("organisation_invitations_role_check", sql`${t.role} in (${ROLE_LIST})`),
  ],
);
