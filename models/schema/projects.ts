import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { BUDGET_VALUES, CATEGORY_VALUES, PROJECT_STATUSES, TIMELINE_VALUES } from "./values";
import { users } from "./accounts";

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const STATUSES = PROJECT_STATUSES;
const CATEGORIES = CATEGORY_VALUES;
const BUDGETS = BUDGET_VALUES;
const TIMELINES = TIMELINE_VALUES;

/** A client's project. Its status changes only through the state machine in models/projects/projects.ts. */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    budget: text("budget").notNull(),
    timeline: text("timeline").notNull(),
    useTokens: boolean("use_tokens").notNull().default(false),
    /** Spent through the token ledger (billing); 0 until then. */
    tokensUsed: integer("tokens_used").notNull().default(0),
    status: text("status").notNull().default("in_review"),
    /** The furthest stepper step reached; shown for statuses without a fixed step. */
    step: integer("step").notNull().default(2),
    createdAt,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("projects_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("projects_status_idx").on(t.status),
    // The back-office pipeline: most recently touched first, a page at a time.
    index("projects_updated_at_id_idx").on(t.updatedAt, t.id),
    check("projects_status_check", sql`${t.status} in (${inList(STATUSES)})`),
    check("projects_category_check", sql`${t.category} in (${inList(CATEGORIES)})`),
    check("projects_budget_check", sql`${t.budget} in (${inList(BUDGETS)})`),
    check("projects_timeline_check", sql`${t.timeline} in (${inList(TIMELINES)})`),
    check("projects_step_check", sql`${t.step} between 1 and 5`),
    check("projects_tokens_used_check", sql`${t.tokensUsed} >= 0`),
  ],
);

/** Files attached to a project; the bytes live in DATA_DIR/uploads/<storage_key>. */
export const projectFiles = pgTable(
  "project_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    createdAt,
  },
  (t) => [
    index("project_files_project_id_idx").on(t.projectId),
    check("project_files_size_check", sql`${t.size} >= 0`),
  ],
);

/** The project conversation between the client and the agency. */
export const projectComments = pgTable(
  "project_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** client → "Client", staff → "Project Manager". */
    authorRole: text("author_role").notNull(),
    body: text("body").notNull(),
    createdAt,
  },
  (t) => [
    index("project_comments_project_id_created_at_idx").on(t.projectId, t.createdAt),
    check("project_comments_author_role_check", sql`${t.authorRole} in ('client', 'staff')`),
  ],
);

/** One row per status change (and one for the submission). */
export const projectStatusHistory = pgTable(
  "project_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    step: integer("step").notNull(),
    action: text("action").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt,
  },
  (t) => [index("project_status_history_project_id_idx").on(t.projectId, t.createdAt)],
);

/** Requests a client makes from /profile: an online meeting, or a detailed update. */
export const projectRequests = pgTable(
  "project_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    preferredTime: timestamp("preferred_time", { withTimezone: true }),
    note: text("note").notNull().default(""),
    createdAt,
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    index("project_requests_project_id_idx").on(t.projectId),
    check("project_requests_kind_check", sql`${t.kind} in ('meeting', 'update')`),
  ],
);

/** In-app notifications (docs/product.md, "Accounts"). Dismissed ones stay for the record but are not shown. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull().default("info"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** A local path the notification leads to (e.g. /project/<id>). */
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt,
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    // What the user sees (not dismissed), newest first, a page at a time (id breaks ties): read in
    // index order, the top bar's six without sorting the whole history.
    index("notifications_user_id_visible_idx")
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.dismissedAt} is null`),
    // Every signed-in page counts the unread ones: read from those, not from the whole history.
    index("notifications_user_id_unread_idx")
      .on(t.userId)
      .where(sql`not ${t.isRead} and ${t.dismissedAt} is null`),
    check("notifications_type_check", sql`${t.type} in ('success', 'warning', 'info')`),
  ],
);

/**
 * Which emails a user wants (docs/product.md, "Accounts", account profile notifications;
 * defaults: email and projectUpdates on, sms and marketing off). No row means
 * the defaults. The settings page arrives with the manage-account issue.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: boolean("email").notNull().default(true),
  sms: boolean("sms").notNull().default(false),
  projectUpdates: boolean("project_updates").notNull().default(true),
  marketing: boolean("marketing").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
