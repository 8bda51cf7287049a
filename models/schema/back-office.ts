import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { emailOutbox, users } from "./accounts";

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Who did what to what, with the state before and after. Append-only: a
 * trigger (in the migration) rejects every UPDATE and DELETE. No foreign keys,
 * on purpose: a cascade from a deleted account would have to rewrite rows, and
 * the label keeps the actor's name as it was. See docs/decisions/0017.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt,
    /** The account that acted; null for the system (a scheduled job, an expiry). */
    actorId: uuid("actor_id"),
    actorRole: text("actor_role").notNull(),
    /** The actor's username at the time. */
    actorLabel: text("actor_label").notNull().default(""),
    actorIp: text("actor_ip").notNull().default(""),
    /** "<area>.<verb>", e.g. submission.reply, project.transition, tokens.grant. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull().default(""),
    /** A human name for the target at the time (a project title, an email address). */
    targetLabel: text("target_label").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason").notNull().default(""),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    check("audit_log_actor_role_check", sql`${t.actorRole} in ('staff', 'client', 'system')`),
  ],
);

/** Replies staff sent to a public submission (the email itself is in email_outbox). */
export const submissionReplies = pgTable(
  "submission_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The inbox type (office_visit, service_quote, …); see models/back-office/inbox-sources.server.ts. */
    submissionType: text("submission_type").notNull(),
    submissionId: uuid("submission_id").notNull(),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    emailId: uuid("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [index("submission_replies_submission_idx").on(t.submissionType, t.submissionId, t.createdAt)],
);

/** One-time links that let someone become staff. Only the token's SHA-256 is stored. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitations_email_idx").on(sql`lower(${t.email})`)],
);
