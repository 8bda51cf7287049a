import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Agency-edited content that is one document per key (site identity,
 * navigation, footer). Loaded from seeds/; the JSON is validated by the
 * zod schema registered for its key before it is written.
 */
export const contentBlocks = pgTable("content_blocks", {
  key: text("key").primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
