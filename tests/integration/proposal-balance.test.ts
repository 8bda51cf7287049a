// A proposal's balance (decision 0084): when the project opened from a signed
// proposal is completed (delivered), the rest of the price becomes due, once;
// the organisation's owners and billing members are told; it is paid like the
// deposit (a "proposal_balance" payment keyed by the proposal, or one token
// spend), issues one tax invoice and a receipt, and marks it "Paid in full".
// A 100% deposit leaves nothing due. The page's forms are posted as a browser
// without JavaScript.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrganisationRole } from "~models/identity/roles";
import { createOrganisation } from "~models/identity/organisations.server";
import { db } from "~models/platform/db.server";
import {
  emailOutbox,
  notifications,
  organisationMembers,
  organisations,
  payments,
  proposals,
  taxInvoices,
  tokenLedger,
} from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { renderProposalPdf } from "~models/billing/proposal-pdf.server";
import { payProposalDeposit } from "~models/billing/proposal-deposits.server";
import { confirmHostedPayment, setPaymentGateway } from "~models/billing/payments.server";
import { fulfilOneOff } from "~models/billing/stripe-webhooks.server";
import { payProposalBalance, spendProposalBalance } from "~models/billing/proposal-balances.server";
import { PROPOSAL_MESSAGES, PROPOSAL_STATUS_LABELS, type ProposalInput } from "~models/projects/proposals";
import {
  createProposalDraft,
  listStaffProposals,
  sendProposal,
  signProposal,
} from "~models/projects/proposals.server";
import * as proposalPage from "~/routes/proposals/detail";
import { give, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

withTemporaryDataDir();

let staff: Client;
const actor = () => ({ id: staff.id, role: "staff" as const });

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

type Team = { owner: Client; organisationId: string; accountId: string };

/** An organisation whose owner acts in it (their only organisation: the one their session uses). */
async function team(name: string): Promise<Team> {
  const founder = await signedInClient();
  const created = await createOrganisation(founder, name);
  if (!created.ok) throw new Error(created.message);
  const [row] = await db().select().from(organisations).where(eq(organisations.id, created.id));
  const t = { owner: founder, organisationId: created.id, accountId: row!.accountId };
  await db()
    .delete(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, created.id), eq(organisationMembers.userId, founder.id)),
    );
  return { ...t, owner: await join(t, "owner") };
}

async function join(t: Team, role: OrganisationRole): Promise<Client> {
  const person = await signedInClient();
  await db().delete(organisationMembers).where(eq(organisationMembers.userId, person.id));
  await db()
    .insert(organisationMembers)
    .values({ organisationId: t.organisationId, userId: person.id, role });
  return person;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const input = (email: string, overrides: Partial<ProposalInput> = {}): ProposalInput => ({
  clientEmail: email,
  organisationId: null,
  title: "Packaging for Tidewater Foods",
  scope: "Labels for the spice range.",
  pricing: "money",
  currency: "INR",
  category: "graphic",
  depositPercent: 30,
  validUntil: inDays(14),
  deliveryDays: 14,
  lines: [{ description: "Label system", quantity: 1, unitAmount: 4_000_000 }],
  ...overrides,
});

const cardForm = {
  payment_method: "credit_card" as const,
  card: {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2040,
    cvc: "123",
    name: "Asha Rao",
  },
  payment_method_id: null,
};

/** A proposal of `t`'s, signed by its owner with its deposit paid (money) or spent (tokens): a project in progress. */
async function startedProject(t: Team, overrides: Partial<ProposalInput> = {}) {
  const draft = await createProposalDraft(input(t.owner.email, overrides), actor(), null);
  if (!draft.ok) throw new Error(draft.message);
  const sent = await sendProposal(draft.proposal.id, actor(), { render: renderProposalPdf });
  if (!sent.ok) throw new Error(sent.message);
  const signed = await signProposal({
    proposalId: sent.proposal.id,
    accountId: t.accountId,
    person: { id: t.owner.id, email: t.owner.email },
    mayApprove: true,
    fullName: "Asha Rao",
    consent: true,
    shownSha256: sent.proposal.pdfSha256!,
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (test)",
  });
  if (!signed.ok) throw new Error(signed.message);
  const payer = { accountId: t.accountId, person: { id: t.owner.id, email: t.owner.email }, mayPay: true };
  if ((overrides.pricing ?? "money") === "money") {
    const paid = await payProposalDeposit(payer, sent.proposal.id, cardForm, null);
    if (!paid.ok) throw new Error(paid.message);
  } else {
    const { spendProposalDeposit } = await import("~models/billing/proposal-deposits.server");
    await give({ id: t.accountId }, 1_000);
    const spent = await spendProposalDeposit({ ...payer, maySpend: true }, sent.proposal.id);
    if (!spent.ok) throw new Error(spent.message);
  }
  const [row] = await db().select().from(proposals).where(eq(proposals.id, sent.proposal.id));
  return row!;
}

const complete = async (projectId: string) => {
  const done = await transitionProject(projectId, staff, "complete");
  expect(done.ok).toBe(true);
};

const page = (person: Client, id: string) =>
  call(proposalPage.loader, getRequest(`/proposals/${id}`, { cookie: person.cookie }), { id });
const post = (person: Client, id: string, fields: Record<string, string>) =>
  call(proposalPage.action, formRequest(`/proposals/${id}`, fields, { cookie: person.cookie }), { id });

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Asha Rao",
};

describe("the balance, due on delivery", () => {
  it("becomes due once when the project is completed; only owners and billing members are told", async () => {
    const t = await team("Tidewater Foods");
    const billing = await join(t, "billing");
    const approver = await join(t, "approver");
    const proposal = await startedProject(t);
    expect(proposal.balanceDueAt).toBeNull();
    // Nothing is due before delivery.
    const early = await post(t.owner, proposal.id, {
      intent: "pay_balance",
      payment_method: "credit_card",
      ...card,
    });
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain(PROPOSAL_MESSAGES.balanceNotDue);

    await complete(proposal.projectId!);
    const [due] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(due!.balanceDueAt).not.toBeNull();
    // Staff's list reads it (and filters on it) with the same rule as the page.
    expect((await listStaffProposals({ status: "balance_due" })).map((p) => p.id)).toContain(proposal.id);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, "Balance due"));
    expect(told.map((n) => n.userId).sort()).toEqual([t.owner.id, billing.id].sort());
    expect(told.map((n) => n.userId)).not.toContain(approver.id);
    const mails = await db()
      .select({ to: emailOutbox.to, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Balance due: Packaging for Tidewater Foods"));
    expect(mails.map((m) => m.to).sort()).toEqual([t.owner.email, billing.email].sort());
    expect(mails[0]!.text).toContain("₹28,000.00");
    expect(mails[0]!.text).toContain(`/proposals/${proposal.id}`);
    // Completed is final: no second "due" for the same proposal.
    expect((await transitionProject(proposal.projectId!, staff, "complete")).ok).toBe(false);
    expect(
      await db().select().from(notifications).where(eq(notifications.title, "Balance due")),
    ).toHaveLength(2);

    // The page shows it, with the pay form, to a billing member.
    const shown = await page(billing, proposal.id);
    expect(shown.status).toBe(200);
    const body = shown.body as { proposal: { status: string }; deposit: { label: string }; mayPay: boolean };
    expect(body.proposal.status).toBe("balance_due");
    expect(PROPOSAL_MESSAGES.balanceDue(body.deposit.label)).toBe("Balance due: ₹28,000.00");
    expect(body.mayPay).toBe(true);

    // An approver has no right to pay: refused with the role's message, nothing charged.
    const refused = await post(approver, proposal.id, {
      intent: "pay_balance",
      payment_method: "credit_card",
      ...card,
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(PROPOSAL_MESSAGES.noRightToPayBalance);
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.userId, t.accountId), eq(payments.kind, "proposal_balance"))),
    ).toHaveLength(0);

    // Three submissions of the no-JS form at once: one payment, one tax invoice, one receipt.
    const posted = await Promise.all(
      [1, 2, 3].map(() =>
        post(billing, proposal.id, { intent: "pay_balance", payment_method: "credit_card", ...card }),
      ),
    );
    expect(
      posted.some(
        (p) =>
          p.status === 303 && p.headers.get("Location") === `/proposals/${proposal.id}?done=paid_in_full`,
      ),
    ).toBe(true);
    for (const p of posted) expect([303, 409]).toContain(p.status);
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, t.accountId), eq(payments.kind, "proposal_balance")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountMinor: 2_800_000,
      currency: "INR",
      status: "succeeded",
      description: "Balance for “Packaging for Tidewater Foods” (proposal version 1)",
    });
    const invoices = await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, rows[0]!.id));
    expect(invoices).toHaveLength(1);
    expect(JSON.stringify(invoices[0]!.document)).toContain(
      "Balance for “Packaging for Tidewater Foods” (proposal version 1)",
    );
    const receipts = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.subject, "Balance paid — Ascendra receipt")));
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    const [paid] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(paid).toMatchObject({ status: "paid", balancePaymentId: rows[0]!.id });
    expect(paid!.balancePaidAt).not.toBeNull();
    const after = (await page(t.owner, proposal.id)).body as {
      proposal: { status: string };
      notice: string | null;
    };
    expect(after.proposal.status).toBe("paid_in_full");
    expect(PROPOSAL_STATUS_LABELS.paid_in_full).toBe("Paid in full");
    // Paying again: already paid, nothing charged.
    expect(
      await payProposalBalance(
        { accountId: t.accountId, person: { id: billing.id, email: billing.email }, mayPay: true },
        proposal.id,
        cardForm,
        null,
      ),
    ).toMatchObject({ ok: false, status: 409, message: PROPOSAL_MESSAGES.balanceAlreadyPaid });
  });

  it("through a hosted checkout: the webhook's concurrent confirmations pay it in full once, one invoice", async () => {
    const t = await team("Hosted Balance Ltd");
    const proposal = await startedProject(t, { title: "Hosted balance" });
    await complete(proposal.projectId!);
    const previous = setPaymentGateway({
      name: "hosted-double",
      async startCheckout({ payment }) {
        return { sessionId: `cs_${payment.id}`, url: `https://pay.example/${payment.id}` };
      },
    });
    try {
      const payer = {
        accountId: t.accountId,
        person: { id: t.owner.id, email: t.owner.email },
        mayPay: true,
      };
      const result = await payProposalBalance(
        payer,
        proposal.id,
        { payment_method: "credit_card", card: null, payment_method_id: null },
        { successUrl: "https://portal.example/ok", cancelUrl: "https://portal.example/no" },
      );
      expect(result).toMatchObject({
        ok: false,
        status: 303,
        checkoutUrl: expect.stringContaining("https://pay.example/"),
      });
      const [pending] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.userId, t.accountId), eq(payments.kind, "proposal_balance")));
      expect(pending).toMatchObject({ status: "pending", amountMinor: 2_800_000 });
      const confirmation = {
        checkoutSessionId: pending!.checkoutSessionId,
        amountMinor: pending!.amountMinor,
        currency: "inr",
        reference: "pi_balance",
      };
      const outcomes = await Promise.all(
        [1, 2, 3].map(() =>
          db().transaction(async (tx) => {
            const outcome = await confirmHostedPayment(tx, pending!.id, confirmation);
            if (outcome.status !== "confirmed") return outcome.status;
            return fulfilOneOff(tx, outcome.payment, [], new Date());
          }),
        ),
      );
      expect(outcomes.filter((o) => o === "fulfilled proposal balance")).toHaveLength(1);
      expect(
        await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, pending!.id)),
      ).toHaveLength(1);
      const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
      expect(row).toMatchObject({ balancePaymentId: pending!.id });
      expect(row!.balancePaidAt).not.toBeNull();
    } finally {
      setPaymentGateway(previous);
    }
  });

  it("a 100% deposit leaves nothing due on delivery", async () => {
    const t = await team("Full Deposit Co");
    const proposal = await startedProject(t, { depositPercent: 100, title: "Paid up front" });
    await complete(proposal.projectId!);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row!.balanceDueAt).toBeNull();
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.title, "Balance due"), inArray(notifications.userId, [t.owner.id]))),
    ).toHaveLength(0);
    expect(
      ((await page(t.owner, proposal.id)).body as { proposal: { status: string } }).proposal.status,
    ).toBe("paid");
    const posted = await post(t.owner, proposal.id, {
      intent: "pay_balance",
      payment_method: "credit_card",
      ...card,
    });
    expect(posted.status).toBe(409);
  });

  it("in tokens: one ledger spend under concurrency, then paid in full", async () => {
    const t = await team("Token Studio");
    const proposal = await startedProject(t, {
      pricing: "tokens",
      currency: null,
      depositPercent: 50,
      title: "Social kit",
      lines: [{ description: "Social media kit", quantity: 2, unitAmount: 30 }],
    });
    await complete(proposal.projectId!);
    const payer = { accountId: t.accountId, person: { id: t.owner.id }, mayPay: true };
    const results = await Promise.all([1, 2, 3].map(() => spendProposalBalance(payer, proposal.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const spends = await db()
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, t.accountId), eq(tokenLedger.kind, "spend")));
    expect(spends.map((s) => s.description).sort()).toEqual(
      [
        "Balance for “Social kit” (proposal version 1)",
        "Deposit for “Social kit” (proposal version 1)",
      ].sort(),
    );
    expect(await ledgerIsConsistent({ id: t.accountId })).toBe(1_000 - 60);
    expect(await spendProposalBalance({ ...payer, mayPay: false }, proposal.id)).toMatchObject({
      ok: false,
      status: 403,
      message: PROPOSAL_MESSAGES.noRightToPayBalance,
    });
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row!.balancePaidAt).not.toBeNull();
    expect(row!.balanceLedgerId).toBe(spends.find((s) => s.description.startsWith("Balance"))!.id);
  });
});
