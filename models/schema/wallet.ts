import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { WALLET_REMINDER_DAYS } from "./values";
import { users } from "./accounts";
import { tokenLots } from "./billing";

// The wallet (decision 0049): which expiry reminders each grant has had.

/**
 * One row per reminder sent: a grant (lot) and how many days before its
 * expiry (30, 7 or 1). The primary key is the claim: the job inserts the row
 * in the same transaction as the notification and the email, so however many
 * processes run the job, each reminder goes out once.
 */
export const tokenExpiryReminders = pgTable(
  "token_expiry_reminders",
  {
    lotId: uuid("lot_id")
      .notNull()
      .references(() => tokenLots.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tokens left in the grant when the reminder went out. */
    tokens: integer("tokens").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.daysBefore] }),
    index("token_expiry_reminders_user_id_idx").on(t.userId),
    check(
      "token_expiry_reminders_days_check",
      sql`${t.daysBefore} in (${sql.raw(WALLET_REMINDER_DAYS.join(", "))})`,
    ),
  ],
);
