import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { notifyStaff } from "../platform/notifications.server";
import { notifyOrganisation, queueOrganisationEmail } from "../platform/organisation-recipients.server";
import { queueEmail, sendQueuedEmails, type QueuedEmail } from "../platform/mail.server";
import { renderMarkdown } from "../content/markdown.server";
import { siteUrl } from "../platform/site-url";
import { startClockForDays } from "../delivery/clock.server";
import {
  contentBlocks,
  organisationMembers,
  organisations,
  projects,
  projectStatusHistory,
  proposals,
  users,
} from "../schema";
import {
  BALANCE_SCHEDULE_LABEL,
  budgetForTotal,
  depositAmount,
  displayStatus,
  formatProposalAmount,
  formatProposalDate,
  isExpired,
  PROPOSAL_MESSAGES,
  PROPOSAL_TERMS_BLOCK,
  proposalTermsSchema,
  proposalTotal,
  SIGNING_CONSENT,
  timelineForDays,
  type ProposalDocument,
  type ProposalInput,
  type ProposalPdfRenderer,
  type ProposalPricing,
  type ProposalSignature,
  type ProposalStatus,
  type ProposalTerms,
} from "./proposals";
import { stepFor } from "./projects";

// Proposals in the database (decision 0084): drafts and versions, sending
// (the PDF stored and hashed), the client's page, signing and declining, and
// the project a paid deposit opens. The deposit's payment is billing's
// (models/billing/proposal-deposits.server.ts), which calls
// `openProjectFromProposal` inside the payment's transaction.

export type ProposalRow = typeof proposals.$inferSelect;
const M = PROPOSAL_MESSAGES;
type Executor = Database | Transaction;

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The terms a new proposal carries, as seeded (seeds/proposal-terms.md). */
async function currentProposalTerms(database: Executor = db()): Promise<ProposalTerms> {
  const [row] = await database
    .select({ data: contentBlocks.data })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, PROPOSAL_TERMS_BLOCK));
  if (!row) throw new Error(`Content block "${PROPOSAL_TERMS_BLOCK}" is missing: run npm run seed.`);
  return proposalTermsSchema.parse(row.data);
}

export type ClientOrganisationChoice = { id: string; name: string };

/** The organisations the client person with this confirmed email belongs to (staff's picker), oldest first. */
export async function clientOrganisations(
  email: string,
  database: Executor = db(),
): Promise<ClientOrganisationChoice[]> {
  if (!email.trim()) return [];
  return database
    .select({ id: organisations.id, name: organisations.name })
    .from(users)
    .innerJoin(organisationMembers, eq(organisationMembers.userId, users.id))
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(users.role, "client"),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.id));
}

type ClientAccount =
  { ok: true; accountId: string } | { ok: false; field: "client_email" | "organisation_id"; message: string };

/**
 * The organisation account a proposal is addressed to, from the email of a person in it (a client, not
 * deleted, its address confirmed: an unconfirmed address could be anyone's, decision 0053). A person in one
 * organisation: that one; in several: staff choose (`organisationId`), and must; in none (a row made before
 * organisations): the person's own row.
 */
async function findClientAccount(
  email: string,
  organisationId: string | null,
  database: Executor = db(),
): Promise<ClientAccount> {
  const [person] = await database
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.role, "client"),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  if (!person) return { ok: false, field: "client_email", message: M.clientUnknown };
  const memberships = await database
    .select({ id: organisations.id, accountId: organisations.accountId })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, person.id))
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.id));
  if (!memberships.length) return { ok: true, accountId: person.id };
  if (organisationId) {
    const chosen = memberships.find((m) => m.id === organisationId);
    if (chosen) return { ok: true, accountId: chosen.accountId };
    return { ok: false, field: "organisation_id", message: M.organisationNotTheirs };
  }
  if (memberships.length === 1) return { ok: true, accountId: memberships[0]!.accountId };
  return { ok: false, field: "organisation_id", message: M.organisationRequired };
}

const accountName = (row: { firstName: string; lastName: string; username: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.username;

const SIGNING_ROLES = ["owner", "approver"] as const;

/**
 * Who may sign for an organisation: its owners and approvers (`can(role, "approve")`), oldest member first,
 * joined through the organisation whose account row the proposal is addressed to. An account that is no
 * organisation's (a row made before organisations) is signed for by its own person.
 */
async function signersOf(accountId: string, database: Executor = db()) {
  const person = {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
  };
  const members = await database
    .select({ ...person, role: organisationMembers.role })
    .from(organisations)
    .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisations.accountId, accountId),
        inArray(organisationMembers.role, [...SIGNING_ROLES]),
        isNull(users.deletedAt),
        ne(users.role, "staff"),
      ),
    )
    .orderBy(asc(organisationMembers.createdAt), asc(users.id));
  const rows = members.length
    ? members
    : await database
        .select(person)
        .from(users)
        .where(
          and(
            eq(users.id, accountId),
            isNull(users.deletedAt),
            sql`not exists (select 1 from organisations o where o.account_id = ${accountId})`,
          ),
        );
  return rows.map((row) => ({ id: row.id, email: row.email, name: accountName(row) }));
}

export type SaveResult =
  | { ok: true; proposal: ProposalRow }
  | { ok: false; field?: "client_email" | "organisation_id"; message: string; status: 404 | 409 | 422 };

function columnsOf(input: ProposalInput, accountId: string) {
  const total = proposalTotal(input.lines);
  return {
    accountId,
    title: input.title,
    scope: input.scope,
    pricing: input.pricing,
    currency: input.currency,
    category: input.category,
    lines: input.lines,
    total,
    depositPercent: input.depositPercent,
    depositAmount: depositAmount(total, input.depositPercent),
    validUntil: input.validUntil,
    deliveryDays: input.deliveryDays,
  };
}

/** A new proposal's first version, a draft: for an inbox item (its type and id) or for a client account. */
export async function createProposalDraft(
  input: ProposalInput,
  actor: AuditActor & { id: string },
  source: { type: string; id: string } | null = null,
): Promise<SaveResult> {
  const account = await findClientAccount(input.clientEmail, input.organisationId ?? null);
  if (!account.ok) return { ok: false, field: account.field, message: account.message, status: 422 };
  const terms = await currentProposalTerms();
  const proposal = await db().transaction(async (tx) => {
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(proposals)
      .values({
        id,
        seriesId: id,
        version: 1,
        ...columnsOf(input, account.accountId),
        sourceType: source?.type ?? null,
        sourceId: source && isUuid(source.id) ? source.id : null,
        terms: terms.body,
        termsVersion: terms.version,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(
      { actor, action: "proposal.create", target: { type: "proposal", id, label: row!.title } },
      tx,
    );
    return row!;
  });
  return { ok: true, proposal };
}

/** Changes a draft; a sent version is never edited (a new version is written instead). */
export async function updateProposalDraft(
  id: string,
  input: ProposalInput,
  actor: AuditActor & { id: string },
): Promise<SaveResult> {
  if (!isUuid(id)) return { ok: false, message: "Not found", status: 404 };
  const account = await findClientAccount(input.clientEmail, input.organisationId ?? null);
  if (!account.ok) return { ok: false, field: account.field, message: account.message, status: 422 };
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
    if (!row) return { ok: false, message: "Not found", status: 404 } as const;
    if (row.status !== "draft") return { ok: false, message: M.notDraft, status: 409 } as const;
    const [updated] = await tx
      .update(proposals)
      .set({ ...columnsOf(input, account.accountId), updatedAt: new Date() })
      .where(eq(proposals.id, id))
      .returning();
    await recordAudit(
      { actor, action: "proposal.update", target: { type: "proposal", id, label: updated!.title } },
      tx,
    );
    return { ok: true, proposal: updated! } as const;
  });
}

/**
 * The next version of a sent (or declined, or expired) proposal: a draft copied from the newest version,
 * with the current terms. The version it replaces stays signable until the new one is sent. One draft at a
 * time: asking again answers the draft that exists.
 */
export async function reviseProposal(id: string, actor: AuditActor & { id: string }): Promise<SaveResult> {
  if (!isUuid(id)) return { ok: false, message: "Not found", status: 404 };
  const terms = await currentProposalTerms();
  return db().transaction(async (tx) => {
    const [base] = await tx.select().from(proposals).where(eq(proposals.id, id));
    if (!base) return { ok: false, message: "Not found", status: 404 } as const;
    // Every version of the series, locked: two staff revising at once write one draft.
    const series = await tx
      .select()
      .from(proposals)
      .where(eq(proposals.seriesId, base.seriesId))
      .orderBy(desc(proposals.version))
      .for("update");
    const draft = series.find((row) => row.status === "draft");
    if (draft) return { ok: true, proposal: draft } as const;
    if (series.some((row) => row.status === "signed" || row.status === "paid"))
      return { ok: false, message: M.cannotRevise, status: 409 } as const;
    const latest = series[0]!;
    const newId = crypto.randomUUID();
    const [row] = await tx
      .insert(proposals)
      .values({
        id: newId,
        seriesId: latest.seriesId,
        version: latest.version + 1,
        accountId: latest.accountId,
        sourceType: latest.sourceType,
        sourceId: latest.sourceId,
        title: latest.title,
        scope: latest.scope,
        pricing: latest.pricing,
        currency: latest.currency,
        category: latest.category,
        lines: latest.lines,
        total: latest.total,
        depositPercent: latest.depositPercent,
        depositAmount: latest.depositAmount,
        validUntil: latest.validUntil,
        deliveryDays: latest.deliveryDays,
        balanceSchedule: latest.balanceSchedule,
        terms: terms.body,
        termsVersion: terms.version,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(
      {
        actor,
        action: "proposal.revise",
        target: { type: "proposal", id: newId, label: row!.title },
        after: { version: row!.version, replaces: latest.id },
      },
      tx,
    );
    return { ok: true, proposal: row! } as const;
  });
}

/**
 * The client as a proposal names them: the organisation's name (or, for an account that is no
 * organisation's, the person's), and the email of its first owner (the account's own for such a row); with
 * the organisation's id, which staff's form keeps.
 */
async function clientOf(accountId: string, database: Executor) {
  const [row] = await database
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      organisationId: organisations.id,
      organisationName: organisations.name,
      ownerEmail: sql<
        string | null
      >`(select u.email from organisation_members m join users u on u.id = m.user_id
        where m.organisation_id = ${organisations.id} and m.role = 'owner' and u.deleted_at is null
        order by m.created_at, u.id limit 1)`,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.accountId, users.id))
    .where(eq(users.id, accountId));
  if (!row) return { name: "", email: "", organisationId: null };
  return {
    name: row.organisationName ?? accountName(row),
    email: row.ownerEmail ?? row.email,
    organisationId: row.organisationId,
  };
}

/** A stored version as its PDF shows it. */
function proposalDocument(
  row: ProposalRow,
  { name, email }: { name: string; email: string },
  sentAt: Date,
): ProposalDocument {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    scope: row.scope,
    pricing: row.pricing as ProposalPricing,
    currency: row.currency,
    lines: row.lines,
    total: row.total,
    depositPercent: row.depositPercent,
    depositAmount: row.depositAmount,
    validUntil: row.validUntil,
    deliveryDays: row.deliveryDays,
    terms: row.terms,
    termsVersion: row.termsVersion,
    client: { name, email },
    sentAt,
  };
}

/** A draft's PDF as it would be sent now: the staff preview. */
export async function previewProposalPdf(
  id: string,
  render: ProposalPdfRenderer,
): Promise<Uint8Array | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
  if (!row) return null;
  if (row.pdf) return row.pdf;
  return render(proposalDocument(row, await clientOf(row.accountId, db()), new Date()));
}

export type SendResult =
  { ok: true; proposal: ProposalRow; to: string[] } | { ok: false; message: string; status: 404 | 409 };

/**
 * Sends a draft: its PDF is rendered and stored with its SHA-256 (what a signature will refer to), the
 * version before it is superseded, and the client's signers are told in-app and by email (the outbox), all
 * in one transaction. Refused when an earlier version was signed meanwhile, or when its date has passed.
 */
export async function sendProposal(
  id: string,
  actor: AuditActor & { id: string },
  options: { render: ProposalPdfRenderer; siteUrl?: string; now?: Date },
): Promise<SendResult> {
  if (!isUuid(id)) return { ok: false, message: "Not found", status: 404 };
  const now = options.now ?? new Date();
  let emails: QueuedEmail[] = [];
  const result = await db().transaction(async (tx): Promise<SendResult> => {
    const [base] = await tx
      .select({ seriesId: proposals.seriesId })
      .from(proposals)
      .where(eq(proposals.id, id));
    if (!base) return { ok: false, message: "Not found", status: 404 };
    const series = await tx
      .select()
      .from(proposals)
      .where(eq(proposals.seriesId, base.seriesId))
      .orderBy(asc(proposals.version))
      .for("update");
    const row = series.find((r) => r.id === id)!;
    if (row.status !== "draft") return { ok: false, message: M.notDraft, status: 409 };
    if (series.some((r) => r.status === "signed" || r.status === "paid"))
      return { ok: false, message: M.newerSigned, status: 409 };
    if (isExpired(row.validUntil, now)) return { ok: false, message: M.expiredBeforeSending, status: 409 };
    const client = await clientOf(row.accountId, tx);
    const pdf = options.render(proposalDocument(row, client, now));
    const [sent] = await tx
      .update(proposals)
      .set({ status: "sent", pdf, pdfSha256: sha256Hex(pdf), sentAt: now, updatedAt: now })
      .where(and(eq(proposals.id, id), eq(proposals.status, "draft")))
      .returning();
    const older = series.filter((r) => r.id !== id && (r.status === "sent" || r.status === "declined"));
    if (older.length)
      await tx
        .update(proposals)
        .set({ status: "superseded", supersededBy: id, supersededAt: now, updatedAt: now })
        .where(
          inArray(
            proposals.id,
            older.map((r) => r.id),
          ),
        );
    // Every member of the organisation is told (all may read it); the page says who can sign.
    const link = `/proposals/${id}`;
    const total = formatProposalAmount(row.total, row.pricing as ProposalPricing, row.currency);
    const recipients = await notifyOrganisation(
      row.accountId,
      "status",
      {
        type: "info",
        title: "A proposal to sign",
        message: `“${row.title}” (${total}) is ready for your organisation to read and sign.`,
        link,
      },
      tx,
    );
    const signers = await signersOf(row.accountId, tx);
    emails = await queueOrganisationEmail(
      row.accountId,
      "status",
      {
        kind: "proposal",
        subject: `Proposal: ${row.title}`,
        text:
          `Hello,\n\nOur proposal “${row.title}” (version ${row.version}) for ${client.name} is ready.\n\n` +
          `Total: ${total}\nDeposit on signing: ${row.depositPercent}% (${formatProposalAmount(row.depositAmount, row.pricing as ProposalPricing, row.currency)})\n` +
          `Valid until: ${formatProposalDate(row.validUntil)}\n\n` +
          `Read it at ${options.siteUrl ?? siteUrl()}${link}\n` +
          `Who can sign for your organisation: ${signers.map((s) => s.name).join(", ") || "an owner or approver"}.\n\n` +
          (row.version > 1 ? "This version replaces the one we sent before.\n\n" : "") +
          "Ascendra",
      },
      tx,
      recipients,
    );
    await recordAudit(
      {
        actor,
        action: "proposal.send",
        target: { type: "proposal", id, label: row.title },
        after: { version: row.version, sha256: sent!.pdfSha256, superseded: older.map((r) => r.id) },
      },
      tx,
    );
    return { ok: true, proposal: sent!, to: emails.map((e) => e.email.to) };
  });
  if (result.ok) await sendQueuedEmails(emails);
  return result;
}

/** A sent version's stored PDF, for the client (their organisation's) or staff; drafts are staff's only. */
export async function storedProposalPdf(
  id: string | undefined,
  viewer: { accountId: string } | "staff",
): Promise<{ bytes: Uint8Array; row: ProposalRow } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
  if (!row?.pdf) return null;
  if (viewer !== "staff" && row.accountId !== viewer.accountId) return null;
  return { bytes: row.pdf, row };
}

/** What the signed PDF needs: the version as sent and its signature's evidence. */
export async function signedProposalParts(
  id: string | undefined,
  viewer: { accountId: string } | "staff",
): Promise<{ document: ProposalDocument; signature: ProposalSignature } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
  if (!row || !row.signedAt || !row.sentAt) return null;
  if (viewer !== "staff" && row.accountId !== viewer.accountId) return null;
  const client = await clientOf(row.accountId, db());
  return {
    document: proposalDocument(row, client, row.sentAt),
    signature: {
      signerName: row.signerName!,
      signerEmail: row.signerEmail ?? "",
      organisation: client.name,
      signedAt: row.signedAt,
      ip: row.signerIp ?? "",
      userAgent: row.signerUserAgent ?? "",
      sha256: row.signedSha256!,
      consent: SIGNING_CONSENT,
    },
  };
}

export type ClientProposal = {
  id: string;
  seriesId: string;
  version: number;
  title: string;
  scopeHtml: string;
  termsHtml: string;
  termsVersion: string;
  pricing: ProposalPricing;
  currency: string | null;
  lines: { description: string; quantity: number; unitLabel: string; totalLabel: string }[];
  total: number;
  totalLabel: string;
  depositPercent: number;
  depositAmount: number;
  depositLabel: string;
  balanceLabel: string;
  balanceSchedule: string;
  validUntil: string;
  validUntilLabel: string;
  deliveryDays: number;
  status: ProposalStatus;
  sha256: string;
  sentAt: Date;
  signedAt: Date | null;
  signerName: string | null;
  declineReason: string | null;
  projectId: string | null;
  newestVersionId: string | null;
  signers: { name: string; email: string }[];
};

/**
 * The client's page: a sent version of their organisation's proposal (never a draft), with the newest
 * version's id when this one was superseded. The first time a signer opens it, it is marked viewed.
 */
export async function getClientProposal(
  id: string | undefined,
  viewer: { accountId: string; personId: string },
  now = new Date(),
): Promise<ClientProposal | null> {
  if (!isUuid(id)) return null;
  const [found] = await db()
    .select()
    .from(proposals)
    .where(
      and(eq(proposals.id, id), eq(proposals.accountId, viewer.accountId), ne(proposals.status, "draft")),
    );
  if (!found) return null;
  let row = found;
  if (row.status === "sent" && !row.viewedAt) {
    const [viewed] = await db()
      .update(proposals)
      .set({ viewedAt: now })
      .where(and(eq(proposals.id, id), isNull(proposals.viewedAt)))
      .returning();
    if (viewed) row = viewed;
  }
  return presentProposal(row, now);
}

/** A version as the client reads it (staff's preview shows the same). */
async function presentProposal(row: ProposalRow, now: Date): Promise<ClientProposal> {
  const [newest] = row.supersededBy
    ? await db()
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.seriesId, row.seriesId), ne(proposals.status, "draft")))
        .orderBy(desc(proposals.version))
        .limit(1)
    : [];
  const pricing = row.pricing as ProposalPricing;
  const amount = (value: number) => formatProposalAmount(value, pricing, row.currency);
  return {
    id: row.id,
    seriesId: row.seriesId,
    version: row.version,
    title: row.title,
    scopeHtml: renderMarkdown(row.scope).html,
    termsHtml: renderMarkdown(row.terms).html,
    termsVersion: row.termsVersion,
    pricing,
    currency: row.currency,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitLabel: amount(line.unitAmount),
      totalLabel: amount(line.quantity * line.unitAmount),
    })),
    total: row.total,
    totalLabel: amount(row.total),
    depositPercent: row.depositPercent,
    depositAmount: row.depositAmount,
    depositLabel: amount(row.depositAmount),
    balanceLabel: amount(row.total - row.depositAmount),
    balanceSchedule: BALANCE_SCHEDULE_LABEL,
    validUntil: row.validUntil,
    validUntilLabel: formatProposalDate(row.validUntil),
    deliveryDays: row.deliveryDays,
    status: displayStatus(row, now),
    sha256: row.pdfSha256 ?? "",
    sentAt: row.sentAt ?? row.updatedAt,
    signedAt: row.signedAt,
    signerName: row.signerName,
    declineReason: row.declineReason,
    projectId: row.projectId,
    newestVersionId: newest && newest.id !== row.id ? newest.id : null,
    signers: (await signersOf(row.accountId)).map(({ name, email }) => ({ name, email })),
  };
}

export type SignInput = {
  proposalId: string;
  /** The organisation's account and the person signing, with their role's right already checked by the caller. */
  accountId: string;
  person: { id: string; email: string };
  mayApprove: boolean;
  fullName: string;
  consent: boolean;
  /** The hash the page showed: the signature is refused if the stored PDF is not that one. */
  shownSha256: string;
  ip: string;
  userAgent: string;
  now?: Date;
};

export type SignResult =
  | { ok: true; proposal: ProposalRow; already: boolean }
  | { ok: false; field?: "full_name" | "consent"; message: string; status: 400 | 403 | 404 | 409 };

/**
 * Signs a sent version, once. The row is locked: a double submit or two signers at once record one
 * signature, and the second is told it is already signed. Refused for an expired or superseded version,
 * for a PDF other than the one the page showed, and for a member without the right to approve.
 */
export async function signProposal(input: SignInput): Promise<SignResult> {
  if (!isUuid(input.proposalId)) return { ok: false, message: "Not found", status: 404 };
  const fullName = input.fullName.trim().replace(/\s+/g, " ");
  if (!input.mayApprove) return { ok: false, message: M.noRight, status: 403 };
  if (fullName.length < 2 || fullName.length > 200)
    return { ok: false, field: "full_name", message: M.nameRequired, status: 400 };
  if (!input.consent) return { ok: false, field: "consent", message: M.consentRequired, status: 400 };
  const now = input.now ?? new Date();
  let emails: QueuedEmail[] = [];
  const result = await db().transaction(async (tx): Promise<SignResult> => {
    const [row] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, input.proposalId), eq(proposals.accountId, input.accountId)))
      .for("update");
    if (!row || row.status === "draft") return { ok: false, message: "Not found", status: 404 };
    if (row.status === "signed" || row.status === "paid") return { ok: true, proposal: row, already: true };
    if (row.status === "superseded") return { ok: false, message: M.superseded, status: 409 };
    if (row.status !== "sent") return { ok: false, message: M.notOpen, status: 409 };
    if (isExpired(row.validUntil, now))
      return { ok: false, message: M.expired(formatProposalDate(row.validUntil)), status: 409 };
    if (input.shownSha256 !== row.pdfSha256) return { ok: false, message: M.changed, status: 409 };
    const [signed] = await tx
      .update(proposals)
      .set({
        status: "signed",
        signerId: input.person.id,
        signerName: fullName,
        signerEmail: input.person.email,
        signerIp: input.ip.slice(0, 100),
        signerUserAgent: input.userAgent.slice(0, 500),
        signedSha256: row.pdfSha256,
        signedAt: now,
        updatedAt: now,
      })
      .where(and(eq(proposals.id, row.id), eq(proposals.status, "sent")))
      .returning();
    await recordAudit(
      {
        actor: { id: input.person.id, role: "client", ip: input.ip },
        action: "proposal.sign",
        target: { type: "proposal", id: row.id, label: row.title },
        after: { signerName: fullName, sha256: row.pdfSha256, userAgent: input.userAgent.slice(0, 500) },
      },
      tx,
    );
    await notifyStaff(
      {
        type: "success",
        title: "Proposal signed",
        message: `“${row.title}” (version ${row.version}) was signed by ${fullName}. The deposit is due.`,
        link: `/admin/proposals/${row.id}`,
      },
      tx,
    );
    emails = [
      await queueEmail(
        {
          kind: "proposal",
          to: input.person.email,
          subject: `Signed: ${row.title}`,
          text:
            `You signed “${row.title}” (version ${row.version}) on ${now.toISOString()}.\n` +
            `SHA-256 of the document you signed: ${row.pdfSha256}\n\n` +
            `Pay the deposit (${formatProposalAmount(row.depositAmount, row.pricing as ProposalPricing, row.currency)}) to start the project: ${siteUrl()}/proposals/${row.id}\n\nAscendra`,
        },
        tx,
      ),
    ];
    return { ok: true, proposal: signed!, already: false };
  });
  if (result.ok) await sendQueuedEmails(emails);
  return result;
}

export type DeclineResult =
  | { ok: true; proposal: ProposalRow }
  | { ok: false; field?: "reason"; message: string; status: 400 | 403 | 404 | 409 };

/** Declines a sent version with a reason; staff are told. Not for a signed, superseded or expired one. */
export async function declineProposal(input: {
  proposalId: string;
  accountId: string;
  person: { id: string };
  mayApprove: boolean;
  reason: string;
  ip: string;
  now?: Date;
}): Promise<DeclineResult> {
  if (!isUuid(input.proposalId)) return { ok: false, message: "Not found", status: 404 };
  if (!input.mayApprove) return { ok: false, message: M.noRight, status: 403 };
  const reason = input.reason.trim();
  if (!reason) return { ok: false, field: "reason", message: M.declineReasonRequired, status: 400 };
  if (reason.length > 2000) return { ok: false, field: "reason", message: M.tooLong(2000), status: 400 };
  const now = input.now ?? new Date();
  return db().transaction(async (tx): Promise<DeclineResult> => {
    const [row] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, input.proposalId), eq(proposals.accountId, input.accountId)))
      .for("update");
    if (!row || row.status === "draft") return { ok: false, message: "Not found", status: 404 };
    if (row.status === "superseded") return { ok: false, message: M.superseded, status: 409 };
    if (row.status !== "sent") return { ok: false, message: M.notOpen, status: 409 };
    if (isExpired(row.validUntil, now))
      return { ok: false, message: M.expired(formatProposalDate(row.validUntil)), status: 409 };
    const [declined] = await tx
      .update(proposals)
      .set({
        status: "declined",
        declinedBy: input.person.id,
        declinedAt: now,
        declineReason: reason,
        updatedAt: now,
      })
      .where(eq(proposals.id, row.id))
      .returning();
    await recordAudit(
      {
        actor: { id: input.person.id, role: "client", ip: input.ip },
        action: "proposal.decline",
        target: { type: "proposal", id: row.id, label: row.title },
        reason,
      },
      tx,
    );
    await notifyStaff(
      {
        type: "warning",
        title: "Proposal declined",
        message: `“${row.title}” (version ${row.version}) was declined: ${reason.slice(0, 200)}`,
        link: `/admin/proposals/${row.id}`,
      },
      tx,
    );
    return { ok: true, proposal: declined! };
  });
}

/** The status a list shows, in SQL (the same rules as `displayStatus`). */
const statusSql = (now: Date) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
  return sql<ProposalStatus>`case when ${proposals.status} = 'sent' and ${proposals.validUntil} < ${today}::date then 'expired'
    when ${proposals.status} = 'sent' and ${proposals.viewedAt} is not null then 'viewed'
    when ${proposals.status} = 'paid' and ${proposals.balancePaidAt} is not null then 'paid_in_full'
    when ${proposals.status} = 'paid' and ${proposals.balanceDueAt} is not null then 'balance_due'
    else ${proposals.status} end`;
};

export type ProposalListItem = {
  id: string;
  version: number;
  title: string;
  status: ProposalStatus;
  totalLabel: string;
  validUntilLabel: string;
  sentAt: Date | null;
  updatedAt: Date;
  clientEmail: string;
};

function listItem(row: {
  id: string;
  version: number;
  title: string;
  status: ProposalStatus;
  pricing: string;
  currency: string | null;
  total: number;
  validUntil: string;
  sentAt: Date | null;
  updatedAt: Date;
  clientEmail: string;
}): ProposalListItem {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    status: row.status,
    totalLabel: formatProposalAmount(row.total, row.pricing as ProposalPricing, row.currency),
    validUntilLabel: formatProposalDate(row.validUntil),
    sentAt: row.sentAt,
    updatedAt: row.updatedAt,
    clientEmail: row.clientEmail,
  };
}

const listColumns = (now: Date) => ({
  id: proposals.id,
  version: proposals.version,
  title: proposals.title,
  status: statusSql(now),
  pricing: proposals.pricing,
  currency: proposals.currency,
  total: proposals.total,
  validUntil: proposals.validUntil,
  sentAt: proposals.sentAt,
  updatedAt: proposals.updatedAt,
  // An organisation's account row has no address of its own: its first owner's.
  clientEmail: sql<string>`coalesce((select u.email from organisations o
    join organisation_members m on m.organisation_id = o.id join users u on u.id = m.user_id
    where o.account_id = ${proposals.accountId} and m.role = 'owner'
    order by m.created_at, u.id limit 1), ${users.email})`,
});

/** The workspace's list: the organisation's sent versions, newest first (one statement). */
export async function listClientProposals(accountId: string, now = new Date()): Promise<ProposalListItem[]> {
  const rows = await db()
    .select(listColumns(now))
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.accountId))
    .where(and(eq(proposals.accountId, accountId), ne(proposals.status, "draft")))
    .orderBy(desc(proposals.createdAt))
    .limit(100);
  return rows.map(listItem);
}

/** Staff's list, every version, most recently changed first; `status` filters on the status people read. */
export async function listStaffProposals(
  filter: { status?: ProposalStatus; source?: { type: string; id: string } },
  now = new Date(),
): Promise<ProposalListItem[]> {
  const conditions = [
    filter.status ? sql`${statusSql(now)} = ${filter.status}` : undefined,
    filter.source && isUuid(filter.source.id)
      ? and(eq(proposals.sourceType, filter.source.type), eq(proposals.sourceId, filter.source.id))
      : undefined,
  ].filter(Boolean);
  const rows = await db()
    .select(listColumns(now))
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.accountId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(proposals.updatedAt), desc(proposals.id))
    .limit(200);
  return rows.map(listItem);
}

export type StaffProposal = Omit<ProposalRow, "pdf"> & {
  displayStatus: ProposalStatus;
  preview: ClientProposal;
  clientEmail: string;
  clientName: string;
  organisationId: string | null;
  versions: ProposalListItem[];
};

/** One version for staff, with every version of its proposal. */
export async function getStaffProposal(
  id: string | undefined,
  now = new Date(),
): Promise<StaffProposal | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
  if (!row) return null;
  const client = await clientOf(row.accountId, db());
  const versions = await db()
    .select(listColumns(now))
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.accountId))
    .where(eq(proposals.seriesId, row.seriesId))
    .orderBy(desc(proposals.version));
  const { pdf: _pdf, ...columns } = row;
  return {
    ...columns,
    preview: await presentProposal(row, now),
    displayStatus: displayStatus(row, now),
    clientEmail: client.email,
    clientName: client.name,
    organisationId: client.organisationId,
    versions: versions.map(listItem),
  };
}

/** A signed version the organisation can pay the deposit of (billing locks it again in the payment). */
export async function proposalForDeposit(
  id: string | undefined,
  accountId: string,
  database: Executor = db(),
): Promise<ProposalRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await database
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.accountId, accountId)));
  return row ?? null;
}

/** The proposal row, locked for the rest of the caller's transaction (billing's token deposit). */
export async function lockProposal(tx: Transaction, id: string): Promise<ProposalRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  return row ?? null;
}

/** The signed proposal a project was opened from, for the project's page (null for a project briefed in the workspace). */
export async function proposalOfProject(projectId: string | undefined) {
  if (!isUuid(projectId)) return null;
  const [row] = await db()
    .select({ id: proposals.id, version: proposals.version, title: proposals.title })
    .from(proposals)
    .where(eq(proposals.projectId, projectId));
  return row ?? null;
}

export type OpenedProject = { projectId: string; created: boolean; emails: QueuedEmail[] };

/**
 * Inside the deposit's transaction: the signed proposal becomes a project, once. The proposal row is
 * locked and moves signed → paid with the project's id, so a second confirmation (a webhook delivered
 * twice, two processes) finds it paid and opens nothing. The project starts in progress, its delivery
 * clock counting the proposal's days from now; the client is told in-app and by email.
 */
export async function openProjectFromProposal(
  tx: Transaction,
  proposalId: string,
  deposit: { paymentId?: string | null; ledgerId?: string | null },
  now = new Date(),
): Promise<OpenedProject> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, proposalId)).for("update");
  if (!row) throw new Error(`Proposal ${proposalId} does not exist`);
  if (row.status === "paid" && row.projectId) return { projectId: row.projectId, created: false, emails: [] };
  if (row.status !== "signed") throw new Error(`Proposal ${proposalId} is ${row.status}, not signed`);
  const pricing = row.pricing as ProposalPricing;
  const amount = (value: number) => formatProposalAmount(value, pricing, row.currency);
  const lines = row.lines.map(
    (l) => `- ${l.description} × ${l.quantity}: ${amount(l.quantity * l.unitAmount)}`,
  );
  const description =
    `${row.scope}\n\n` +
    `Line items (proposal version ${row.version}):\n${lines.join("\n")}\n` +
    `Total: ${amount(row.total)}. Deposit paid: ${amount(row.depositAmount)}. ${BALANCE_SCHEDULE_LABEL}`;
  const status = "in_progress" as const;
  const step = stepFor(status);
  const [project] = await tx
    .insert(projects)
    .values({
      userId: row.accountId,
      title: row.title.slice(0, 200),
      description,
      category: row.category,
      budget: budgetForTotal(row.total, pricing, row.currency),
      timeline: timelineForDays(row.deliveryDays),
      useTokens: pricing === "tokens",
      tokensUsed: pricing === "tokens" ? row.depositAmount : 0,
      status,
      step,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: projects.id });
  await tx.insert(projectStatusHistory).values({
    projectId: project!.id,
    fromStatus: null,
    toStatus: status,
    step,
    action: "proposal_deposit",
    changedBy: row.signerId,
    reason: `Opened from the signed proposal “${row.title}” (version ${row.version}) when its deposit was paid.`,
    createdAt: now,
  });
  await startClockForDays(tx, project!.id, row.deliveryDays, now);
  await tx
    .update(proposals)
    .set({
      status: "paid",
      paidAt: now,
      projectId: project!.id,
      depositPaymentId: deposit.paymentId ?? null,
      depositLedgerId: deposit.ledgerId ?? null,
      updatedAt: now,
    })
    .where(and(eq(proposals.id, row.id), eq(proposals.status, "signed")));
  await recordAudit(
    {
      actor: { id: row.signerId, role: "client" },
      action: "proposal.deposit_paid",
      target: { type: "proposal", id: row.id, label: row.title },
      after: {
        projectId: project!.id,
        paymentId: deposit.paymentId ?? null,
        ledgerId: deposit.ledgerId ?? null,
      },
    },
    tx,
  );
  const link = `/project/${project!.id}`;
  const recipients = await notifyOrganisation(
    row.accountId,
    "status",
    {
      type: "success",
      title: "Your project has started",
      message: `The deposit for “${row.title}” is paid: the project is under way, due in ${row.deliveryDays} days.`,
      link,
    },
    tx,
  );
  const emails = await queueOrganisationEmail(
    row.accountId,
    "status",
    {
      kind: "proposal",
      subject: `Project started: ${row.title}`,
      text:
        `Thank you: the deposit for “${row.title}” (${amount(row.depositAmount)}) is paid and the project has started.\n\n` +
        `We deliver within ${row.deliveryDays} days. ${BALANCE_SCHEDULE_LABEL}\n\nFollow it at ${siteUrl()}${link}\n\nAscendra`,
    },
    tx,
    recipients,
  );
  await notifyStaff(
    {
      type: "success",
      title: "Deposit paid: project opened",
      message: `“${row.title}” is now a project in progress.`,
      link: `/admin/projects/${project!.id}`,
    },
    tx,
  );
  return { projectId: project!.id, created: true, emails };
}
