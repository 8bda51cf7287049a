import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Meetings staff confirmed from a request: an office visit, an investor
 * meeting (public forms) or a "Schedule Online Meet" request (a project
 * request of kind 'meeting'). One row per event: a reschedule updates the row
 * and raises `sequence`, a cancellation marks it cancelled; `uid` never
 * changes, so calendars update or remove the same event
 * (docs/decisions/0050-calendar-invites.md).
 */
export const meetings = pgTable(
  "meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The iCalendar UID: set once, the same in every invite, update and cancellation. */
    uid: text("uid").notNull().unique(),
    /** What was confirmed: office_visit, investor_meeting or online_meet. */
    sourceType: text("source_type").notNull(),
    /** The request's row: office_visits, investor_meetings or project_requests. */
    sourceId: uuid("source_id").notNull(),
    /** The client's account: the request's own, or one that proved the address the request gave (decision 0053). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    attendeeName: text("attendee_name").notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** The IANA time zone staff chose; invites say the time in it (and carry UTC). */
    timeZone: text("time_zone").notNull(),
    location: text("location").notNull().default(""),
    meetingUrl: text("meeting_url").notNull().default(""),
    /** Staff's note to the client (reception, parking, what to bring): on the Meetings page and in the invite. */
    note: text("note").notNull().default(""),
    /** iCalendar SEQUENCE: 0 when confirmed, +1 for each reschedule and for the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    status: text("status").notNull().default("confirmed"),
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("meetings_status_check", sql`${t.status} in ('confirmed', 'cancelled')`),
    check("meetings_duration_check", sql`${t.durationMinutes} between 5 and 1440`),
    // One live meeting per request: two staff confirming at once make one event.
    uniqueIndex("meetings_source_confirmed_idx")
      .on(t.sourceType, t.sourceId)
      .where(sql`${t.status} = 'confirmed'`),
    index("meetings_source_idx").on(t.sourceType, t.sourceId, t.createdAt),
    // The client's list, soonest first.
    index("meetings_user_id_starts_at_idx").on(t.userId, t.startsAt),
    // The staff agenda: confirmed meetings by start.
    index("meetings_status_starts_at_idx").on(t.status, t.startsAt),
  ],
);
