import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Cards a client saved with the payment gateway (docs/decisions/0023). The
 * gateway holds the card; we keep its opaque reference, the brand, the last
 * four digits and the expiry, never the number or the security code. A
 * removed card keeps its row (detached_at set), so an old receipt's reference
 * to it cannot be charged again and the data export can say when it went.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    /** The gateway's reusable reference for this card (opaque to us). */
    gatewayReference: text("gateway_reference").notNull(),
    /** The gateway's fingerprint of the card number: the same card saved twice is one row. */
    fingerprint: text("fingerprint").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    detachedAt: timestamp("detached_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_methods_user_id_idx").on(t.userId),
    uniqueIndex("payment_methods_gateway_reference_key").on(t.gateway, t.gatewayReference),
    // One saved row per card and client while it is attached; at most one default.
    uniqueIndex("payment_methods_user_fingerprint_key")
      .on(t.userId, t.fingerprint)
      .where(sql`${t.detachedAt} is null`),
    uniqueIndex("payment_methods_one_default_key")
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.detachedAt} is null`),
    check("payment_methods_last4_check", sql`${t.last4} ~ '^[0-9]{4}$'`),
    check("payment_methods_exp_month_check", sql`${t.expMonth} between 1 and 12`),
    check("payment_methods_exp_year_check", sql`${t.expYear} between 2000 and 2200`),
  ],
);
