import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Uploaded files kept in the database when UPLOADS_STORAGE=postgres
 * (decision 0042): one row per file, its bytes in upload_chunks. Rows appear
 * only once every chunk is written (one transaction).
 */
export const uploadObjects = pgTable(
  "upload_objects",
  {
    key: text("key").primaryKey(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("upload_objects_size_check", sql`${table.size} >= 0`)],
);

/** A file's bytes in order, at most UPLOAD_CHUNK_BYTES per row. */
export const uploadChunks = pgTable(
  "upload_chunks",
  {
    key: text("key")
      .notNull()
      .references(() => uploadObjects.key, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.seq] })],
);
