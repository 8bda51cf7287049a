// Proposals (decision 0084): a draft is written, sent (its PDF stored and
// hashed), revised into a new version that supersedes it, signed once by a
// member with the right to approve (never an expired or superseded version),
// and its deposit, paid once by card or in tokens, opens exactly one project
// with its delivery clock. The PDFs are read back with pdftotext.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { can } from "~models/identity/roles";
import { db } from "~models/platform/db.server";
import { runSeed } from "~models/views/seed.server";
import {
  deliveryClocks,
  emailOutbox,
  notifications,
  payments,
  projects,
  proposals,
  tokenLedger,
} from "~models/schema";
import {
  createProposalDraft,
  declineProposal,
  getClientProposal,
  listStaffProposals,
  reviseProposal,
  sendProposal,
  signedProposalParts,
  signProposal,
  storedProposalPdf,
  updateProposalDraft,
} from "~models/projects/proposals.server";
import { PROPOSAL_MESSAGES, type ProposalInput } from "~models/projects/proposals";
import { renderProposalPdf, renderSignedProposalPdf } from "~models/billing/proposal-pdf.server";
import {
  fulfilProposalDeposit,
  payProposalDeposit,
  spendProposalDeposit,
} from "~models/billing/proposal-deposits.server";
import { DEPOSIT_MESSAGES } from "~models/billing/proposal-deposits";
import { confirmHostedPayment, setPaymentGateway } from "~models/billing/payments.server";
import type { OrganisationRole } from "~models/identity/roles";
import { give, ledgerIsConsistent } from "./billing-helpers";
import { signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

withTemporaryDataDir();

let staff: Client;
const actor = () => ({ id: staff.id, role: "staff" as const });

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const input = (client: Client, overrides: Partial<ProposalInput> = {}): ProposalInput => ({
  clientEmail: client.email,
  title: "Brand identity for Tidewater",
  scope: "## Logo\n\nA new logo and **brand guide**.\n\n<script>alert(1)</script>",
  pricing: "money",
  currency: "INR",
  category: "graphic",
  depositPercent: 30,
  validUntil: inDays(14),
  deliveryDays: 21,
  lines: [
    { description: "Logo design", quantity: 1, unitAmount: 9_000_000 },
    { description: "Brand guide pages", quantity: 3, unitAmount: 1_000_000 },
  ],
  ...overrides,
});

async function sentProposal(client: Client, overrides: Partial<ProposalInput> = {}) {
  const draft = await createProposalDraft(input(client, overrides), actor(), null);
  if (!draft.ok) throw new Error(draft.message);
  const sent = await sendProposal(draft.proposal.id, actor(), { render: renderProposalPdf });
  if (!sent.ok) throw new Error(sent.message);
  return sent.proposal;
}

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };

const member = (client: Client, role: OrganisationRole = "owner") => ({
  accountId: client.id,
  person: { id: client.id, email: client.email },
  mayApprove: can(role, "approve"),
});

const sign = (client: Client, proposal: { id: string; pdfSha256: string | null }, extra: object = {}) =>
  signProposal({
    proposalId: proposal.id,
    ...member(client),
    fullName: "Asha Rao",
    consent: true,
    shownSha256: proposal.pdfSha256!,
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (test)",
    ...extra,
  });

/** pdftotext's reading of a PDF, pages split on form feeds. */
function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile("pdftotext", ["-layout", "-", "-"], { encoding: "utf8" }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.split("\f").filter((page) => page.trim())),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("drafts, sending and versions", () => {
  it("refuses a client email no account uses, keeping the field's message", async () => {
    const result = await createProposalDraft(
      { ...input(await signedInClient()), clientEmail: "nobody@example.com" },
      actor(),
    );
    expect(result).toMatchObject({
      ok: false,
      field: "client_email",
      message: PROPOSAL_MESSAGES.clientUnknown,
    });
  });

  it("sends a draft: the PDF is stored with its SHA-256, the client is told in-app and by email", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    expect(proposal.status).toBe("sent");
    expect(proposal.total).toBe(12_000_000);
    expect(proposal.depositAmount).toBe(3_600_000);
    expect(proposal.pdfSha256).toBe(sha256(proposal.pdf!));
    const stored = await storedProposalPdf(proposal.id, { accountId: client.id });
    expect(sha256(stored!.bytes)).toBe(proposal.pdfSha256);
    // Another organisation cannot read it.
    expect(await storedProposalPdf(proposal.id, { accountId: staff.id })).toBeNull();
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(note).toMatchObject({ title: "A proposal to sign", link: `/proposals/${proposal.id}` });
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, "proposal")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`/proposals/${proposal.id}`);
    // The scope's raw HTML is escaped on the client's page.
    const page = await getClientProposal(proposal.id, { accountId: client.id, personId: client.id });
    expect(page!.scopeHtml).toContain("<strong>brand guide</strong>");
    expect(page!.scopeHtml).not.toContain("<script>");
    expect(page!.sha256).toBe(proposal.pdfSha256);
    expect(page!.status).toBe("viewed");
  });

  it("never edits a sent version; a new version supersedes it when sent, and the old one cannot be signed", async () => {
    const client = await signedInClient();
    const v1 = await sentProposal(client);
    expect(await updateProposalDraft(v1.id, input(client, { title: "Changed" }), actor())).toMatchObject({
      ok: false,
      status: 409,
      message: PROPOSAL_MESSAGES.notDraft,
    });
    const draft = await reviseProposal(v1.id, actor());
    if (!draft.ok) throw new Error(draft.message);
    expect(draft.proposal).toMatchObject({ version: 2, status: "draft", seriesId: v1.seriesId });
    // Asking again answers the same draft: one draft at a time.
    const again = await reviseProposal(v1.id, actor());
    expect(again.ok && again.proposal.id).toBe(draft.proposal.id);
    // Until v2 is sent, v1 is still the one on offer.
    expect((await db().select().from(proposals).where(eq(proposals.id, v1.id)))[0]!.status).toBe("sent");
    const edited = await updateProposalDraft(
      draft.proposal.id,
      input(client, { title: "Brand identity, revised", depositPercent: 50 }),
      actor(),
    );
    expect(edited.ok && edited.proposal.depositAmount).toBe(6_000_000);
    const v2 = await sendProposal(draft.proposal.id, actor(), { render: renderProposalPdf });
    if (!v2.ok) throw new Error(v2.message);
    const [old] = await db().select().from(proposals).where(eq(proposals.id, v1.id));
    expect(old).toMatchObject({ status: "superseded", supersededBy: v2.proposal.id });
    expect(await sign(client, old!)).toMatchObject({
      ok: false,
      status: 409,
      message: PROPOSAL_MESSAGES.superseded,
    });
    const page = await getClientProposal(v1.id, { accountId: client.id, personId: client.id });
    expect(page).toMatchObject({ status: "superseded", newestVersionId: v2.proposal.id });
    expect(await sign(client, v2.proposal)).toMatchObject({ ok: true, already: false });
    // Signed: no further version.
    expect(await reviseProposal(v2.proposal.id, actor())).toMatchObject({
      ok: false,
      message: PROPOSAL_MESSAGES.cannotRevise,
    });
  });

  it("an expired version is listed as expired and cannot be signed", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client, { validUntil: inDays(2) });
    const later = new Date(Date.now() + 4 * 86_400_000);
    const refused = await sign(client, proposal, { now: later });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(!refused.ok && refused.message).toMatch(/expired on .* can no longer be signed/);
    const expired = await listStaffProposals({ status: "expired" }, later);
    expect(expired.map((p) => p.id)).toContain(proposal.id);
    // On its last valid day it can still be signed.
    expect(await sign(client, proposal)).toMatchObject({ ok: true });
  });
});

describe("signing", () => {
  it("only an owner or approver signs; a billing member or a member is refused", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    for (const role of ["billing", "member"] as const) {
      const refused = await sign(client, proposal, { mayApprove: can(role, "approve") });
      expect(refused).toMatchObject({ ok: false, status: 403, message: PROPOSAL_MESSAGES.noRight });
    }
    expect(await sign(client, proposal, { mayApprove: can("approver", "approve") })).toMatchObject({
      ok: true,
    });
  });

  it("asks for the typed name and the consent, and refuses a PDF other than the one shown", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    expect(await sign(client, proposal, { fullName: " " })).toMatchObject({ ok: false, field: "full_name" });
    expect(await sign(client, proposal, { consent: false })).toMatchObject({ ok: false, field: "consent" });
    expect(await sign(client, proposal, { shownSha256: "0".repeat(64) })).toMatchObject({
      ok: false,
      message: PROPOSAL_MESSAGES.changed,
    });
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row!.status).toBe("sent");
  });

  it("records one signature under concurrent submissions, with the evidence", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    const results = await Promise.all(
      ["Asha Rao", "Asha  Rao", "A. Rao", "Asha Rao", "Asha Rao"].map((fullName) =>
        sign(client, proposal, { fullName }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.already)).toHaveLength(1);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({
      status: "signed",
      signerId: client.id,
      signerIp: "203.0.113.7",
      signerUserAgent: "Mozilla/5.0 (test)",
      signedSha256: proposal.pdfSha256,
    });
    const first = results.find((r) => r.ok && !r.already)!;
    expect(row!.signerName).toBe(first.ok ? first.proposal.signerName : "");
  });

  it("the signed PDF reads back: title, lines, total, signer and the hash on the certificate page", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    await sign(client, proposal);
    const original = await pdfPages((await storedProposalPdf(proposal.id, { accountId: client.id }))!.bytes);
    expect(original.join("\n")).toContain("Brand identity for Tidewater");
    const parts = await signedProposalParts(proposal.id, { accountId: client.id });
    const bytes = renderSignedProposalPdf(parts!.document, parts!.signature);
    // Deterministic: the same signed proposal is the same file.
    expect(sha256(renderSignedProposalPdf(parts!.document, parts!.signature))).toBe(sha256(bytes));
    // And the proposal as sent renders to the stored bytes again.
    expect(sha256(renderProposalPdf(parts!.document))).toBe(proposal.pdfSha256);
    const pages = await pdfPages(bytes);
    const body = pages.slice(0, -1).join("\n");
    expect(body).toContain("Brand identity for Tidewater");
    expect(body).toContain("Logo design");
    expect(body).toContain("Brand guide pages");
    expect(body).toMatch(/Total: ₹1,20,000\.00/);
    expect(body).toMatch(/Deposit on signing \(30%\): ₹36,000\.00/);
    const certificate = pages.at(-1)!;
    expect(certificate).toContain("Signature certificate");
    expect(certificate).toContain("Asha Rao");
    expect(certificate).toContain(client.email);
    expect(certificate).toContain("203.0.113.7");
    expect(certificate).toContain(proposal.pdfSha256!);
  });
});

describe("declining", () => {
  it("asks for a reason, tells staff, and leaves nothing to sign", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    const decline = (reason: string, mayApprove = true) =>
      declineProposal({
        proposalId: proposal.id,
        accountId: client.id,
        person: { id: client.id },
        mayApprove,
        reason,
        ip: "203.0.113.7",
      });
    expect(await decline("Too expensive", false)).toMatchObject({ ok: false, status: 403 });
    expect(await decline("  ")).toMatchObject({
      ok: false,
      field: "reason",
      message: PROPOSAL_MESSAGES.declineReasonRequired,
    });
    expect(await decline("Too expensive for this quarter")).toMatchObject({ ok: true });
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ status: "declined", declineReason: "Too expensive for this quarter" });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.title, "Proposal declined")));
    expect(told).toHaveLength(1);
    expect(await sign(client, proposal)).toMatchObject({
      ok: false,
      status: 409,
      message: PROPOSAL_MESSAGES.notOpen,
    });
    // Staff can answer with a new version.
    const next = await reviseProposal(proposal.id, actor());
    expect(next.ok && next.proposal.version).toBe(2);
  });
});

describe("the deposit opens the project, once", () => {
  it("by card with the test gateway: one payment of the proposal's deposit, one project with its clock", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    await sign(client, proposal);
    const payer = { accountId: client.id, person: { id: client.id, email: client.email }, mayPay: true };
    const form = { payment_method: "credit_card" as const, card, payment_method_id: null };
    // Priced in money: not payable from the wallet.
    expect(
      await spendProposalDeposit(
        { accountId: client.id, person: { id: client.id }, maySpend: true },
        proposal.id,
      ),
    ).toMatchObject({ ok: false, status: 409, message: DEPOSIT_MESSAGES.moneyOnly });
    const results = await Promise.all(
      [1, 2, 3].map(() => payProposalDeposit(payer, proposal.id, form, null)),
    );
    const paid = results.filter((r) => r.ok);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "proposal_deposit",
      amountMinor: 3_600_000,
      currency: "INR",
      status: "succeeded",
    });
    const opened = await db().select().from(projects).where(eq(projects.userId, client.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      title: "Brand identity for Tidewater",
      status: "in_progress",
      category: "graphic",
    });
    expect(opened[0]!.description).toContain("Logo design");
    const [clock] = await db()
      .select()
      .from(deliveryClocks)
      .where(eq(deliveryClocks.projectId, opened[0]!.id));
    expect(clock!.promisedDays).toBe(21);
    expect(clock!.dueAt!.getTime() - clock!.startedAt.getTime()).toBe(21 * 86_400_000);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ status: "paid", projectId: opened[0]!.id, depositPaymentId: rows[0]!.id });
    // Paying again answers "already paid"; fulfilling again opens nothing.
    expect(await payProposalDeposit(payer, proposal.id, form, null)).toMatchObject({
      ok: false,
      status: 409,
    });
    const again = await db().transaction((tx) => fulfilProposalDeposit(tx, rows[0]!));
    expect(again).toMatchObject({ created: false, projectId: opened[0]!.id });
    expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toHaveLength(1);
    // The client is told: a notification and an email.
    const started = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.title, "Your project has started")));
    expect(started).toHaveLength(1);
  });

  it("an unsigned proposal's deposit is refused", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client);
    const payer = { accountId: client.id, person: { id: client.id, email: client.email }, mayPay: true };
    const form = { payment_method: "credit_card" as const, card, payment_method_id: null };
    expect(await payProposalDeposit(payer, proposal.id, form, null)).toMatchObject({
      ok: false,
      message: PROPOSAL_MESSAGES.notSigned,
    });
  });

  it("through a hosted checkout: concurrent confirmations fulfil once, one project", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client, { currency: "USD" });
    await sign(client, proposal);
    const previous = setPaymentGateway({
      name: "hosted-double",
      async startCheckout({ payment }) {
        return { sessionId: `cs_${payment.id}`, url: `https://pay.example/${payment.id}` };
      },
    });
    try {
      const payer = { accountId: client.id, person: { id: client.id, email: client.email }, mayPay: true };
      const result = await payProposalDeposit(
        payer,
        proposal.id,
        { payment_method: "credit_card", card: null, payment_method_id: null },
        { successUrl: "https://portal.example/ok", cancelUrl: "https://portal.example/no" },
      );
      expect(result).toMatchObject({ ok: false, status: 303 });
      const [pending] = await db().select().from(payments).where(eq(payments.userId, client.id));
      expect(pending).toMatchObject({
        status: "pending",
        amountMinor: proposal.depositAmount,
        currency: "USD",
      });
      const confirmation = {
        checkoutSessionId: pending!.checkoutSessionId,
        amountMinor: pending!.amountMinor,
        currency: "usd",
        reference: "pi_1",
      };
      const outcomes = await Promise.all(
        [1, 2, 3].map(() =>
          db().transaction(async (tx) => {
            const outcome = await confirmHostedPayment(tx, pending!.id, confirmation);
            if (outcome.status !== "confirmed") return outcome.status;
            await fulfilProposalDeposit(tx, outcome.payment);
            return "fulfilled";
          }),
        ),
      );
      expect(outcomes.filter((o) => o === "fulfilled")).toHaveLength(1);
      expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toHaveLength(1);
    } finally {
      setPaymentGateway(previous);
    }
  });

  it("in tokens: refused clearly when short, then spent once under concurrency", async () => {
    const client = await signedInClient();
    const proposal = await sentProposal(client, {
      pricing: "tokens",
      currency: null,
      depositPercent: 50,
      lines: [{ description: "Social media kit", quantity: 2, unitAmount: 30 }],
    });
    expect(proposal.depositAmount).toBe(30);
    await sign(client, proposal);
    const payer = { accountId: client.id, person: { id: client.id }, maySpend: true };
    await give(client, 10);
    // Priced in tokens: not payable by card, whatever the form says.
    const byCard = { accountId: client.id, person: { id: client.id, email: client.email }, mayPay: true };
    const form = { payment_method: "credit_card" as const, card, payment_method_id: null };
    expect(await payProposalDeposit(byCard, proposal.id, form, null)).toMatchObject({
      ok: false,
      status: 409,
      message: DEPOSIT_MESSAGES.tokensOnly,
    });
    expect(await spendProposalDeposit(payer, proposal.id)).toMatchObject({
      ok: false,
      status: 402,
      message: PROPOSAL_MESSAGES.insufficientTokens(10, 30),
    });
    expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toHaveLength(0);
    await give(client, 50);
    const results = await Promise.all([1, 2, 3].map(() => spendProposalDeposit(payer, proposal.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ledgerIsConsistent(client)).toBe(30);
    const spends = await db()
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, client.id), eq(tokenLedger.kind, "spend")));
    expect(spends).toHaveLength(1);
    const opened = await db().select().from(projects).where(eq(projects.userId, client.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ useTokens: true, tokensUsed: 30 });
  });
});
