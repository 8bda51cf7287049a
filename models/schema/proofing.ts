import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { tokenLedger } from "./billing";
import { projects } from "./projects";

// Proofing (docs/decisions/0047): the versions staff upload for the client to
// review, the pins the client leaves on them, and the numbered revision rounds
// that gather those pins. Nothing here is ever deleted while its project
// exists: files are read-only, rounds and pins are the project's record.

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * One uploaded version of a deliverable: an image or a PDF, numbered per
 * project (Version 1, 2, …) in upload order. The bytes are in the upload
 * storage under `storage_key`, like any project file.
 */
export const proofDeliverables = pgTable(
  "proof_deliverables",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** PDF: how many pages it has when known (rendered or counted); images: 1. */
    pageCount: integer("page_count"),
    /** SHA-256 of the bytes, hex: the same file twice in a row is refused (decision 0073). Null before 0026. */
    sha256: text("sha256"),
    /** An image's size in pixels, read from its header at upload (null for a PDF, or before 0026). */
    width: integer("width"),
    height: integer("height"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    uniqueIndex("proof_deliverables_project_id_version_idx").on(t.projectId, t.version),
    check("proof_deliverables_kind_check", sql`${t.kind} in ('image', 'pdf')`),
    check("proof_deliverables_version_check", sql`${t.version} >= 1`),
    check("proof_deliverables_size_check", sql`${t.size} >= 0`),
    check("proof_deliverables_page_count_check", sql`${t.pageCount} is null or ${t.pageCount} >= 1`),
    check("proof_deliverables_sha256_check", sql`${t.sha256} is null or ${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      "proof_deliverables_size_px_check",
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} >= 1 and ${t.height} >= 1)`,
    ),
  ],
);

/** A PDF page rendered to PNG on the server (pdftoppm), stored in the upload storage. */
export const proofPages = pgTable(
  "proof_pages",
  {
    deliverableId: uuid("deliverable_id")
      .notNull()
      .references(() => proofDeliverables.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    size: integer("size").notNull(),
    /** The rendered PNG's size in pixels (null before 0026). */
    width: integer("width"),
    height: integer("height"),
    /** A thumbnail rendition (320 px on the long side, decision 0073); null: the page is its own thumbnail. */
    thumbKey: text("thumb_key").unique(),
  },
  (t) => [
    primaryKey({ columns: [t.deliverableId, t.page] }),
    check("proof_pages_page_check", sql`${t.page} >= 1`),
    check(
      "proof_pages_size_px_check",
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} >= 1 and ${t.height} >= 1)`,
    ),
  ],
);

/**
 * A revision round: closed by the client's "Request Revision", numbered per
 * project (Round 1, 2, …), with what it cost and the ledger row that paid it.
 */
export const proofRounds = pgTable(
  "proof_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** The pricing tier the round was charged at ("Basic", "Pro"). */
    tier: text("tier").notNull(),
    cost: integer("cost").notNull(),
    ledgerEntryId: uuid("ledger_entry_id").references(() => tokenLedger.id, { onDelete: "restrict" }),
    /** The latest version when the round closed: the version the pins were left on or before. */
    version: integer("version").notNull(),
    reason: text("reason").notNull().default(""),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    uniqueIndex("proof_rounds_project_id_number_idx").on(t.projectId, t.number),
    check("proof_rounds_number_check", sql`${t.number} >= 1`),
    check("proof_rounds_cost_check", sql`${t.cost} >= 0`),
  ],
);

/**
 * A pinned comment on a version: a point (x, y as fractions of the image or
 * page) and/or words saying where, on a page (1 for images). Open until a
 * round gathers it (`round_id`), then open for staff until resolved, with the
 * version the fix arrived in.
 */
export const proofPins = pgTable(
  "proof_pins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    deliverableId: uuid("deliverable_id")
      .notNull()
      .references(() => proofDeliverables.id, { onDelete: "cascade" }),
    page: integer("page").notNull().default(1),
    x: real("x"),
    y: real("y"),
    location: text("location").notNull().default(""),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    roundId: uuid("round_id").references(() => proofRounds.id, { onDelete: "restrict" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedInVersion: integer("resolved_in_version"),
    createdAt,
  },
  (t) => [
    index("proof_pins_project_id_created_at_idx").on(t.projectId, t.createdAt),
    index("proof_pins_round_id_idx").on(t.roundId),
    check("proof_pins_page_check", sql`${t.page} >= 1`),
    check(
      "proof_pins_point_check",
      sql`(${t.x} is null and ${t.y} is null) or (${t.x} between 0 and 1 and ${t.y} between 0 and 1)`,
    ),
    check("proof_pins_where_check", sql`${t.x} is not null or ${t.location} <> ''`),
    check(
      "proof_pins_resolved_check",
      sql`(${t.resolvedAt} is null) = (${t.resolvedInVersion} is null) and (${t.resolvedAt} is null or ${t.roundId} is not null)`,
    ),
  ],
);
