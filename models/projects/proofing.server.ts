import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { notifyOrganisation } from "../platform/organisation-recipients.server";
import { recordAudit } from "../platform/audit.server";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { integerParam, MAX_DATABASE_INTEGER } from "../platform/integers";
import { deleteUpload, openUpload, storeUpload } from "../platform/uploads.server";
import { projects, proofDeliverables, proofPages, proofPins, proofRounds } from "../schema";
import type { PinInput } from "./proof-forms";
import { fileDigest, latestVersionDigest, renderPageThumbs, storedImageSize } from "./proofing-files.server";
import { renderPdfPages } from "./proof-render.server";
import { canPin, PROOF_FILE_RULES } from "./proof-links";
import {
  describeWhere,
  PROOF_MESSAGES,
  proofKindOf,
  type PinState,
  pinState,
  type ProofKind,
  type RoundQuote,
} from "./proofing";
import type { ProjectAction, ProjectStatus } from "./projects";
import { actingPerson, type Viewer } from "./projects.server";

// Proofing (docs/decisions/0047): versions staff upload, pins the client
// leaves on them, and the paid, numbered revision rounds that gather the pins.
// The client reads and writes only their own projects' proofs; staff only
// through the back-office (its pages call the *Staff functions after
// staffOf, docs/decisions/0065). Nothing is deleted: files, pages, pins and rounds stay.

type Executor = ReturnType<typeof db> | Transaction;
export type DeliverableRow = typeof proofDeliverables.$inferSelect & { kind: ProofKind };
type PinRow = typeof proofPins.$inferSelect;

export type PinView = {
  id: string;
  number: number;
  deliverableId: string;
  version: number;
  kind: ProofKind;
  page: number;
  x: number | null;
  y: number | null;
  location: string;
  where: string;
  body: string;
  state: PinState;
  round: number | null;
  resolvedInVersion: number | null;
  createdAt: Date;
};

export type RoundView = {
  id: string;
  number: number;
  tier: string;
  cost: number;
  version: number;
  reason: string;
  createdAt: Date;
  pins: PinView[];
};

/** A version as the pages show it (its storage key stays on the server). */
export type DeliverableView = {
  id: string;
  version: number;
  kind: ProofKind;
  name: string;
  size: number;
  contentType: string;
  pageCount: number | null;
  createdAt: Date;
};

type PinJson = Omit<PinView, "number" | "where" | "state" | "createdAt"> & {
  roundId: string | null;
  resolvedAt: string | null;
  createdAt: string;
};
type RoundJson = Omit<RoundView, "pins" | "createdAt"> & { createdAt: string };

/**
 * A project's versions (newest first), rounds (newest first) and pins (oldest
 * first, numbered 1, 2, … in that order, each in its round), in one statement.
 */
async function readProofing(
  projectId: string,
  database: Executor = db(),
): Promise<{ versions: DeliverableView[]; rounds: RoundView[]; pins: PinView[] }> {
  const result = (await database.execute(sql`select
      (select coalesce(json_agg(json_build_object(
          'id', d.id, 'version', d.version, 'kind', d.kind, 'name', d.name, 'size', d.size,
          'contentType', d.content_type, 'pageCount', d.page_count, 'createdAt', d.created_at
        ) order by d.version desc), '[]'::json)
        from ${proofDeliverables} d where d.project_id = ${projectId}) as versions,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'number', r.number, 'tier', r.tier, 'cost', r.cost, 'version', r.version,
          'reason', r.reason, 'createdAt', r.created_at
        ) order by r.number desc), '[]'::json)
        from ${proofRounds} r where r.project_id = ${projectId}) as rounds,
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'deliverableId', p.deliverable_id, 'version', d.version, 'kind', d.kind,
          'page', p.page, 'x', p.x, 'y', p.y, 'location', p.location, 'body', p.body,
          'roundId', p.round_id, 'round', r.number, 'resolvedAt', p.resolved_at,
          'resolvedInVersion', p.resolved_in_version, 'createdAt', p.created_at
        ) order by p.created_at, p.id), '[]'::json)
        from ${proofPins} p
        join ${proofDeliverables} d on d.id = p.deliverable_id
        left join ${proofRounds} r on r.id = p.round_id
        where p.project_id = ${projectId}) as pins`)) as unknown as {
    rows: {
      versions: (Omit<DeliverableView, "createdAt"> & { createdAt: string })[];
      rounds: RoundJson[];
      pins: PinJson[];
    }[];
  };
  const row = result.rows[0]!;
  const pins = row.pins.map(({ roundId, resolvedAt, createdAt, ...pin }, index): PinView => ({
    ...pin,
    number: index + 1,
    where: describeWhere(pin),
    state: pinState({ roundId, resolvedAt }),
    createdAt: new Date(createdAt),
  }));
  return {
    versions: row.versions.map((v) => ({ ...v, createdAt: new Date(v.createdAt) })),
    rounds: row.rounds.map((round) => ({
      ...round,
      createdAt: new Date(round.createdAt),
      pins: pins.filter((pin) => pin.round === round.number),
    })),
    pins,
  };
}

// ---------------------------------------------------------------------------
// The price of the next round

export type RoundOffer = RoundQuote & { applies: boolean; draftPins: number; balance: number };

/**
 * Billing's part of a revision round (decision 0069): the next round's price
 * and paying it. Projects sits to billing's left (decision 0066), so the caller
 * passes billing's `revisionRoundPayment` in (`models/views/revision-rounds.server.ts`
 * does); the argument is required, so no caller can close a round unpaid.
 */
export type RevisionRoundPayment = {
  /**
   * What the client's next "Request Revision" would do: whether it closes a
   * round (only once a version exists), its number, tier and price, the pins
   * it would gather and the client's balance. One statement, in `database`.
   */
  quote(project: { id: string; userId: string }, database: Executor, now: Date): Promise<RoundOffer>;
  /**
   * Spends the round's price through the ledger and queues its receipt, in
   * `tx`, as `viewerId` (the person, whose monthly cap applies). Short of
   * tokens, writes nothing and answers the balance; refused otherwise (the
   * cap), answers the refusal's words as `message`.
   */
  pay(
    tx: Transaction,
    round: {
      project: { id: string; userId: string; title: string };
      offer: RoundOffer;
      viewerId: string;
      now: Date;
    },
  ): Promise<{ ok: true; ledgerEntryId: string } | { ok: false; balance: number; message?: string }>;
};

/**
 * Proofing's facts for the next round's quote, as columns of the quote's one
 * statement (billing's `quoteRevisionRound` adds the plan, the prices and the
 * balance): rounds so far, versions, and pins not yet sent.
 */
export function roundCountsSql(projectId: string): SQL {
  return sql`(select count(*)::int from ${proofRounds} where ${proofRounds.projectId} = ${projectId}) as rounds,
      (select count(*)::int from ${proofDeliverables} where ${proofDeliverables.projectId} = ${projectId}) as versions,
      (select count(*)::int from ${proofPins} where ${proofPins.projectId} = ${projectId} and ${proofPins.roundId} is null) as drafts`;
}

/**
 * Called by transitionProject inside its transaction, with the project row
 * locked: on the client's "Request Revision", once the project has a version,
 * closes the next numbered round, gathers the pins not yet sent, and debits
 * its price through the ledger (billing's `payment`), all or nothing. Answers
 * null when the transition may go on, or why it may not (then nothing is
 * written, as the caller rolls back).
 */
export async function closeRevisionRound(
  tx: Transaction,
  input: {
    project: { id: string; userId: string; title: string };
    action: ProjectAction;
    viewerId: string;
    reason: string;
    /** The price the client saw and confirmed; a different price now is refused. */
    confirmedCost?: number;
    now?: Date;
  },
  payment: RevisionRoundPayment,
): Promise<string | null> {
  if (input.action !== "request_revision") return null;
  const now = input.now ?? new Date();
  const offer = await payment.quote(input.project, tx, now);
  if (!offer.applies) return null;
  if (input.confirmedCost !== undefined && input.confirmedCost !== offer.cost)
    return PROOF_MESSAGES.priceChanged(offer.cost, offer.number);
  const [latest] = await tx
    .select({ version: sql<number>`max(${proofDeliverables.version})::int` })
    .from(proofDeliverables)
    .where(eq(proofDeliverables.projectId, input.project.id));
  // The spend and its receipt (email + notification) commit with the round (decision 0058).
  const paid = await payment.pay(tx, { project: input.project, offer, viewerId: input.viewerId, now });
  if (!paid.ok) return paid.message ?? PROOF_MESSAGES.insufficient(offer.cost, paid.balance, offer.number);
  const [round] = await tx
    .insert(proofRounds)
    .values({
      projectId: input.project.id,
      number: offer.number,
      tier: offer.tier,
      cost: offer.cost,
      ledgerEntryId: paid.ledgerEntryId,
      version: latest?.version ?? 1,
      reason: input.reason.trim(),
      requestedBy: input.viewerId,
      createdAt: now,
    })
    .returning({ id: proofRounds.id });
  await tx
    .update(proofPins)
    .set({ roundId: round!.id })
    .where(and(eq(proofPins.projectId, input.project.id), isNull(proofPins.roundId)));
  await tx
    .update(projects)
    .set({ tokensUsed: sql`${projects.tokensUsed} + ${offer.cost}` })
    .where(eq(projects.id, input.project.id));
  return null;
}

// ---------------------------------------------------------------------------
// The client's side

type OwnedProject = { id: string; userId: string; title: string; status: ProjectStatus };

/** The project when the viewer owns it (staff read proofs through the back-office only). */
async function ownedProject(projectId: string | undefined, viewer: Viewer): Promise<OwnedProject | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db()
    .select({ id: projects.id, userId: projects.userId, title: projects.title, status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, viewer.id)))
    .limit(1);
  return (row as OwnedProject | undefined) ?? null;
}

export type ProofingSummary = {
  versions: DeliverableView[];
  rounds: RoundView[];
  draftPins: number;
  openPins: number;
  offer: RoundOffer;
};

/**
 * What the client's /project/:id shows of proofing: the versions, the round
 * history with its pins, and the next round's price. Null when the viewer does
 * not own the project (staff see the client's view without it). Two statements.
 * The price comes from billing's `quote` (decision 0069).
 */
export async function getClientProofing(
  project: { id: string; userId: string },
  viewer: Viewer,
  quote: RevisionRoundPayment["quote"],
): Promise<ProofingSummary | null> {
  if (project.userId !== viewer.id) return null;
  const [{ versions, rounds, pins }, offer] = await Promise.all([
    readProofing(project.id),
    quote(project, db(), new Date()),
  ]);
  return {
    versions,
    rounds,
    draftPins: pins.filter((p) => p.state === "draft").length,
    openPins: pins.filter((p) => p.state === "open").length,
    offer,
  };
}

export type ProofPage = {
  project: OwnedProject;
  deliverable: DeliverableView;
  versions: { id: string; version: number }[];
  renderedPages: number[];
  pins: PinView[];
  canPin: boolean;
};

/** The client's proof page of one version: the version, its rendered pages, and its pins. */
export async function getProofPage(
  projectId: string | undefined,
  deliverableId: string | undefined,
  viewer: Viewer,
): Promise<ProofPage | null> {
  if (!isUuid(deliverableId)) return null;
  const project = await ownedProject(projectId, viewer);
  if (!project) return null;
  const [{ versions, pins }, pages] = await Promise.all([
    readProofing(project.id),
    db()
      .select({ page: proofPages.page })
      .from(proofPages)
      .where(eq(proofPages.deliverableId, deliverableId))
      .orderBy(asc(proofPages.page)),
  ]);
  const deliverable = versions.find((v) => v.id === deliverableId);
  if (!deliverable) return null;
  return {
    project,
    deliverable,
    versions: versions.map((v) => ({ id: v.id, version: v.version })),
    renderedPages: pages.map((p) => p.page),
    pins: pins.filter((p) => p.deliverableId === deliverable.id),
    canPin: canPin(project.status),
  };
}

export type AddPinResult =
  | { ok: true; pin: PinRow }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; field: "page" | "form"; message: string };

/** The client pins a comment on a version of their own open project. */
export async function addPin(
  projectId: string | undefined,
  deliverableId: string | undefined,
  viewer: Viewer,
  input: PinInput,
): Promise<AddPinResult> {
  if (!isUuid(deliverableId)) return { ok: false, reason: "not_found" };
  const project = await ownedProject(projectId, viewer);
  if (!project) return { ok: false, reason: "not_found" };
  const [deliverable] = await db()
    .select()
    .from(proofDeliverables)
    .where(and(eq(proofDeliverables.id, deliverableId), eq(proofDeliverables.projectId, project.id)))
    .limit(1);
  if (!deliverable) return { ok: false, reason: "not_found" };
  if (!canPin(project.status))
    return { ok: false, reason: "invalid", field: "form", message: PROOF_MESSAGES.closed };
  const pages = deliverable.kind === "image" ? 1 : deliverable.pageCount;
  if (input.page < 1 || input.page > (pages ?? MAX_DATABASE_INTEGER))
    return { ok: false, reason: "invalid", field: "page", message: PROOF_MESSAGES.pageInvalid(pages) };
  const [pin] = await db()
    .insert(proofPins)
    .values({
      projectId: project.id,
      deliverableId: deliverable.id,
      page: input.page,
      x: input.x ?? null,
      y: input.y ?? null,
      location: input.location,
      body: input.body,
      authorId: actingPerson(viewer),
    })
    .returning();
  return { ok: true, pin: pin! };
}

// ---------------------------------------------------------------------------
// Files

export type ProofAsset = {
  name: string;
  contentType: string;
  stream: ReadableStream<Uint8Array>;
  size: number;
  inline: boolean;
};

/**
 * A version's bytes for its viewer: the client (owner) through /project, staff
 * through /admin. No page: the image itself (inline) or the PDF (download);
 * page N of a PDF: its rendered PNG (inline). Null when not theirs or missing.
 */
export async function openProofAsset(
  side: "client" | "staff",
  projectId: string | undefined,
  deliverableId: string | undefined,
  page: string | undefined,
  viewer: Viewer,
): Promise<ProofAsset | null> {
  if (!isUuid(projectId) || !isUuid(deliverableId)) return null;
  if (side === "staff" && viewer.role !== "staff") return null;
  const pageNumber = page === undefined ? null : integerParam(page);
  if (page !== undefined && pageNumber === null) return null;
  const [row] = await db()
    .select({ deliverable: proofDeliverables, pageKey: proofPages.storageKey })
    .from(proofDeliverables)
    .innerJoin(projects, eq(projects.id, proofDeliverables.projectId))
    .leftJoin(
      proofPages,
      and(eq(proofPages.deliverableId, proofDeliverables.id), eq(proofPages.page, pageNumber ?? 0)),
    )
    .where(
      and(
        eq(proofDeliverables.id, deliverableId),
        eq(proofDeliverables.projectId, projectId),
        side === "client" ? eq(projects.userId, viewer.id) : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  const { deliverable } = row;
  if (pageNumber !== null) {
    if (!row.pageKey) return null;
    const body = await openUpload(row.pageKey);
    return body
      ? {
          ...body,
          name: `${deliverable.name}-page-${pageNumber}.png`,
          contentType: "image/png",
          inline: true,
        }
      : null;
  }
  const body = await openUpload(deliverable.storageKey);
  if (!body) return null;
  return {
    ...body,
    name: deliverable.name,
    contentType: deliverable.contentType,
    inline: deliverable.kind === "image",
  };
}

// ---------------------------------------------------------------------------
// The back-office

export type StaffProofing = {
  /** Whether the project still takes versions (not published, completed or cancelled). */
  open: boolean;
  /** What the upload takes. */
  extensions: readonly string[];
  versions: DeliverableView[];
  openPins: PinView[];
  draftPins: number;
  rounds: RoundView[];
};

/** For /admin/projects/:id (the page has checked the staff member): versions, the open pins as a checklist, the rounds. One statement. */
export async function getStaffProofing(project: {
  id: string;
  status: ProjectStatus;
}): Promise<StaffProofing> {
  const { versions, pins, rounds } = await readProofing(project.id);
  return {
    open: canPin(project.status),
    extensions: PROOF_FILE_RULES.extensions,
    versions,
    openPins: pins.filter((p) => p.state === "open"),
    draftPins: pins.filter((p) => p.state === "draft").length,
    rounds,
  };
}

export type AddVersionResult =
  | { ok: true; deliverable: DeliverableRow; renderedPages: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; message: string }
  /** The same bytes (SHA-256) as the latest version: nothing is stored (decision 0073). */
  | { ok: false; reason: "duplicate"; message: string; version: number };

/**
 * Staff upload the next version of the project's deliverable: the upload
 * checks of every project file (size, extension, real contents), PROOF_FILE_RULES'
 * types; a PDF's pages rendered to PNG. Numbered under the project's lock; the
 * client is notified and the upload audited in the same transaction.
 */
export async function addProofVersion(
  projectId: string | undefined,
  staff: Viewer,
  file: File,
  options: { dataDir?: string; actorIp?: string } = {},
): Promise<AddVersionResult> {
  if (staff.role !== "staff" || !isUuid(projectId)) return { ok: false, reason: "not_found" };
  const [project] = await db().select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project || project.userId === staff.id) return { ok: false, reason: "not_found" };
  if (!canPin(project.status as ProjectStatus))
    return { ok: false, reason: "invalid", message: PROOF_MESSAGES.closed };
  // The same file as the latest version is refused before it is stored or rendered, and again under the lock.
  const digest = await fileDigest(file);
  const duplicate = (latest: { version: number; sha256: string | null } | null) =>
    latest?.sha256 === digest.sha256
      ? ({
          ok: false,
          reason: "duplicate",
          message: PROOF_MESSAGES.duplicateVersion(latest.version),
          version: latest.version,
        } as const)
      : null;
  const early = duplicate(await latestVersionDigest(project.id, db(), options.dataDir));
  if (early) return early;
  const stored = await storeUpload(file, PROOF_FILE_RULES, options.dataDir);
  if (!stored.ok) return { ok: false, reason: "invalid", message: stored.message };
  const kind = proofKindOf(stored.upload.contentType);
  const rendered =
    kind === "pdf"
      ? await renderPdfPages(stored.upload.storageKey, options.dataDir)
      : { pages: [], pageCount: 1 };
  const pageSizes = await Promise.all(
    rendered.pages.map((p) => storedImageSize(p.storageKey, options.dataDir)),
  );
  const thumbs = await renderPageThumbs(stored.upload.storageKey, rendered.pages.length, options.dataDir);
  const discard = async () => {
    await deleteUpload(stored.upload.storageKey, options.dataDir);
    for (const page of rendered.pages) await deleteUpload(page.storageKey, options.dataDir);
    for (const key of thumbs.values()) await deleteUpload(key, options.dataDir);
  };
  try {
    const deliverable = await db().transaction(async (tx) => {
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for("update");
      const refused = duplicate(await latestVersionDigest(project.id, tx, options.dataDir));
      if (refused) return refused;
      const [last] = await tx
        .select({ version: sql<number>`coalesce(max(${proofDeliverables.version}), 0)::int` })
        .from(proofDeliverables)
        .where(eq(proofDeliverables.projectId, project.id));
      const version = (last?.version ?? 0) + 1;
      const [inserted] = await tx
        .insert(proofDeliverables)
        .values({
          projectId: project.id,
          version,
          kind,
          pageCount: rendered.pageCount,
          uploadedBy: staff.id,
          ...stored.upload,
          sha256: digest.sha256,
          width: kind === "image" ? (digest.size?.width ?? null) : null,
          height: kind === "image" ? (digest.size?.height ?? null) : null,
        })
        .returning();
      if (rendered.pages.length)
        await tx.insert(proofPages).values(
          rendered.pages.map((p, i) => ({
            deliverableId: inserted!.id,
            ...p,
            width: pageSizes[i]?.width ?? null,
            height: pageSizes[i]?.height ?? null,
            thumbKey: thumbs.get(p.page) ?? null,
          })),
        );
      await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
      await notifyOrganisation(
        project.userId,
        "proofs",
        {
          type: "success",
          title: `Version ${version} is ready to review`,
          message: `“${project.title}”: ${stored.upload.name}. Pin your comments on it.`,
          link: `/project/${project.id}/proof/${inserted!.id}`,
        },
        tx,
      );
      await recordAudit(
        {
          actor: { id: staff.id, role: "staff", ip: options.actorIp },
          action: "project.file_upload",
          target: { type: "project", id: project.id, label: project.title },
          after: {
            deliverable_id: inserted!.id,
            version,
            name: inserted!.name,
            size: inserted!.size,
            content_type: inserted!.contentType,
            rendered_pages: rendered.pages.length,
          },
        },
        tx,
      );
      return inserted as DeliverableRow;
    });
    if ("reason" in deliverable) {
      await discard();
      return deliverable;
    }
    return { ok: true, deliverable, renderedPages: rendered.pages.length };
  } catch (error) {
    await discard();
    throw error;
  }
}

export type ResolvePinResult =
  | { ok: true; version: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; message: string };

/**
 * Staff tick off one open pin (gathered by a round, not yet resolved), naming
 * the version that resolves it. Once only: a second resolve of the same pin is refused.
 */
export async function resolvePinStaff(
  projectId: string | undefined,
  pinId: string | undefined,
  staff: Viewer,
  version: number,
  options: { actorIp?: string } = {},
): Promise<ResolvePinResult> {
  if (staff.role !== "staff" || !isUuid(projectId) || !isUuid(pinId))
    return { ok: false, reason: "not_found" };
  const [project] = await db()
    .select({ id: projects.id, title: projects.title, userId: projects.userId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project || project.userId === staff.id) return { ok: false, reason: "not_found" };
  const [known] = await db()
    .select({ id: proofDeliverables.id })
    .from(proofDeliverables)
    .where(and(eq(proofDeliverables.projectId, project.id), eq(proofDeliverables.version, version)))
    .limit(1);
  if (!known) return { ok: false, reason: "invalid", message: PROOF_MESSAGES.versionUnknown };
  return db().transaction(async (tx) => {
    const [pin] = await tx
      .update(proofPins)
      .set({ resolvedAt: new Date(), resolvedBy: staff.id, resolvedInVersion: version })
      .where(
        and(
          eq(proofPins.id, pinId),
          eq(proofPins.projectId, project.id),
          isNotNull(proofPins.roundId),
          isNull(proofPins.resolvedAt),
        ),
      )
      .returning();
    if (!pin) return { ok: false, reason: "invalid", message: PROOF_MESSAGES.pinNotOpen } as const;
    await recordAudit(
      {
        actor: { id: staff.id, role: "staff", ip: options.actorIp },
        action: "project.pin_resolve",
        target: { type: "project", id: project.id, label: project.title },
        after: { pin_id: pin.id, resolved_in_version: version, body: pin.body.slice(0, 200) },
      },
      tx,
    );
    return { ok: true, version } as const;
  });
}
