import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PAUSE_REASONS } from "./values";
import { users } from "./accounts";
import { projects } from "./projects";

// The delivery clock (decision 0048): a project's promised date and the time
// it spent waiting on the client. Written only by models/delivery.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * One row per project the agency has started. `due_at` is the promised date
 * plus every pause that has ended (null for a flexible timeline);
 * `paused_since` is when the open pause began (null while the clock runs);
 * `stopped_at` is when it was delivered or cancelled.
 */
export const deliveryClocks = pgTable(
  "delivery_clocks",
  {
    projectId: uuid("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    promisedDays: integer("promised_days"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    pausedSince: timestamp("paused_since", { withTimezone: true }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("delivery_clocks_promised_days_check", sql`${t.promisedDays} is null or ${t.promisedDays} > 0`),
  ],
);

/** Each time the clock stood still, why, and the reminders sent while it did. */
export const deliveryPauses = pgTable(
  "delivery_pauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    firstReminderAt: timestamp("first_reminder_at", { withTimezone: true }),
    secondReminderAt: timestamp("second_reminder_at", { withTimezone: true }),
  },
  (t) => [
    index("delivery_pauses_project_id_idx").on(t.projectId, t.startedAt),
    // At most one open pause per project.
    uniqueIndex("delivery_pauses_open_idx")
      .on(t.projectId)
      .where(sql`${t.endedAt} is null`),
    // The reminder job reads the open pauses, oldest first.
    index("delivery_pauses_open_started_idx")
      .on(t.startedAt)
      .where(sql`${t.endedAt} is null`),
    check("delivery_pauses_reason_check", sql`${t.reason} in (${inList(PAUSE_REASONS)})`),
    check("delivery_pauses_ended_check", sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);
