import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { projects } from "./projects";

// What /manageaccount adds to an account: privacy consents, email changes
// waiting for their link, the account's own history, and project ratings.

/** Privacy choices (Manage account → Profile Settings). No row means both off. */
export const privacyPreferences = pgTable("privacy_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** May the agency show the client's finished work in its portfolio and case studies? */
  showcaseWork: boolean("showcase_work").notNull().default(false),
  /** May the agency name the client (or their company) among its clients? */
  listAsClient: boolean("list_as_client").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A new email address waiting for its owner to open the link; only the token's SHA-256 is stored. */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_changes_user_id_idx").on(t.userId)],
);

/** The account's own history (security and settings changes), shown as recent activity and exported. */
export const accountEvents = pgTable(
  "account_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_events_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

/** The client's 1–5 star rating of a finished project; the dashboard's satisfaction is their average. */
export const projectRatings = pgTable(
  "project_ratings",
  {
    projectId: uuid("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("project_ratings_user_id_idx").on(t.userId),
    check("project_ratings_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
