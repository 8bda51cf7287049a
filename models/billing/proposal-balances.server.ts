import { and, eq, isNull } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { notifyStaff } from "../platform/notifications.server";
import { proposals } from "../schema";
import { lockProposal, proposalForDeposit, type ProposalRow } from "../projects/proposals.server";
import { formatProposalAmount, PROPOSAL_MESSAGES, type ProposalPricing } from "../projects/proposals";
import { type Currency } from "./payments";
import { type DepositPaymentInput } from "./proposal-deposits";
import { resolvePaymentSource } from "./payment-methods.server";
import { takePayment, unfulfilledResult, type CheckoutReturn, type PaymentRow } from "./payments.server";
import { getBalance, spendTokens } from "./tokens.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";

// A delivered proposal's balance (decision 0084): total − deposit, due once the
// project opened from it is completed (models/projects/proposal-balance.server.ts
// marks it). Paid like the deposit: money through takePayment as a payment of
// kind "proposal_balance" keyed by the proposal (one charge, ever; its receipt
// and tax invoice follow as for every kind), or tokens in one ledger spend keyed
// by the proposal. Fulfilment marks the proposal paid in full, once.

const M = PROPOSAL_MESSAGES;
const NO_RIGHT = M.noRightToPayBalance;

export type BalanceResult =
  | { ok: true; replayed: boolean; message: string }
  | { ok: false; status: 303; checkoutUrl: string; message: string }
  | { ok: false; status: 400 | 402 | 403 | 404 | 409 | 422 | 503; message: string; field?: string };

const balanceOf = (row: Pick<ProposalRow, "total" | "depositAmount">) => row.total - row.depositAmount;
const describe = (row: ProposalRow) => `Balance for “${row.title}” (proposal version ${row.version})`;

/** In the payment's transaction (takePayment's `fulfil`, or the Stripe webhook's): paid in full, once. */
export async function fulfilProposalBalance(
  tx: Transaction,
  payment: PaymentRow,
  now = new Date(),
): Promise<{ paid: boolean }> {
  const proposalId = String((payment.order as { proposalId?: string } | null)?.proposalId ?? "");
  return markPaidInFull(tx, proposalId, { paymentId: payment.id }, now);
}

async function markPaidInFull(
  tx: Transaction,
  proposalId: string,
  paid: { paymentId?: string; ledgerId?: string },
  now: Date,
): Promise<{ paid: boolean }> {
  const [row] = await tx
    .update(proposals)
    .set({
      balancePaidAt: now,
      balancePaymentId: paid.paymentId ?? null,
      balanceLedgerId: paid.ledgerId ?? null,
      updatedAt: now,
    })
    .where(and(eq(proposals.id, proposalId), isNull(proposals.balancePaidAt)))
    .returning({ title: proposals.title });
  if (!row) return { paid: false };
  await notifyStaff(
    {
      type: "success",
      title: "Proposal paid in full",
      message: `The balance of “${row.title}” is paid.`,
      link: `/admin/proposals/${proposalId}`,
    },
    tx,
  );
  return { paid: true };
}

function refusal(proposal: ProposalRow | null): BalanceResult | null {
  if (!proposal || proposal.status === "draft") return { ok: false, status: 404, message: "Not found" };
  if (proposal.balancePaidAt) return { ok: false, status: 409, message: M.balanceAlreadyPaid };
  if (proposal.status !== "paid" || !proposal.balanceDueAt || balanceOf(proposal) <= 0)
    return { ok: false, status: 409, message: M.balanceNotDue };
  return null;
}

/**
 * Pays a delivered money proposal's balance. One payment per proposal: its idempotency key is the
 * proposal's, so resubmissions, second tabs and retries all reach the same payment row.
 */
export async function payProposalBalance(
  payer: { accountId: string; person: { id: string; email: string }; mayPay: boolean },
  proposalId: string,
  input: DepositPaymentInput,
  checkout: CheckoutReturn | null,
  now = new Date(),
): Promise<BalanceResult> {
  if (!payer.mayPay) return { ok: false, status: 403, message: NO_RIGHT };
  const proposal = await proposalForDeposit(proposalId, payer.accountId);
  const refused = refusal(proposal);
  if (refused) return refused;
  if (proposal!.pricing !== "money" || !proposal!.currency)
    return { ok: false, status: 409, message: M.balanceNotDue };
  const source = await resolvePaymentSource(payer.accountId, input);
  if (!source.ok) return source;
  const outcome = await takePayment({
    userId: payer.accountId,
    payerEmail: payer.person.email,
    idempotencyKey: `proposal-balance:${proposal!.id}`,
    kind: "proposal_balance",
    description: describe(proposal!),
    amountMinor: balanceOf(proposal!),
    currency: proposal!.currency as Currency,
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    order: { proposalId: proposal!.id },
    checkout,
    fulfil: (tx, payment) => fulfilProposalBalance(tx, payment, now),
    replay: async () => ({ paid: false }),
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  return { ok: true, replayed: outcome.replayed, message: M.balancePaid };
}

/**
 * Pays a delivered token proposal's balance from the organisation's wallet: one spend, keyed by the
 * proposal, in one transaction with the mark; short of tokens, nothing is written.
 */
export async function spendProposalBalance(
  payer: { accountId: string; person: { id: string }; mayPay: boolean; ip?: string },
  proposalId: string,
  now = new Date(),
): Promise<BalanceResult> {
  if (!payer.mayPay) return { ok: false, status: 403, message: NO_RIGHT };
  const proposal = await proposalForDeposit(proposalId, payer.accountId);
  const refused = refusal(proposal);
  if (refused) return refused;
  if (proposal!.pricing !== "tokens") return { ok: false, status: 409, message: M.balanceNotDue };
  const needed = balanceOf(proposal!);
  class Short extends Error {
    constructor(readonly balance: number) {
      super("short");
    }
  }
  try {
    const receipt = await db().transaction(async (tx) => {
      // Locked first, so two clicks wait for each other; the second finds it paid.
      const locked = await lockProposal(tx, proposal!.id);
      if (!locked || locked.balancePaidAt) return null;
      const spent = await spendTokens(
        {
          userId: payer.accountId,
          amount: needed,
          reason: "project",
          description: describe(proposal!),
          sourceKey: `proposal:${proposal!.id}:balance`,
          now,
          actor: { id: payer.person.id, role: "client", ip: payer.ip },
        },
        tx,
      );
      if (!spent.ok) throw new Short(spent.balance);
      await markPaidInFull(tx, proposal!.id, { ledgerId: spent.entry.id }, now);
      return queueReceipt(
        tx,
        {
          kind: "shop",
          userId: payer.accountId,
          tokens: needed,
          items: `the balance for “${proposal!.title}”`,
        },
        { now },
      );
    });
    if (receipt === null) return { ok: false, status: 409, message: M.balanceAlreadyPaid };
    if (receipt) await sendReceipt(receipt);
    return { ok: true, replayed: false, message: M.balancePaid };
  } catch (error) {
    if (error instanceof Short)
      return { ok: false, status: 402, message: M.insufficientTokensBalance(error.balance, needed) };
    throw error;
  }
}

/** The balance step's facts for the client's page: what is due, and the wallet's balance for tokens. */
export async function balanceDue(
  proposal: { pricing: ProposalPricing; currency: string | null; total: number; depositAmount: number },
  accountId: string,
) {
  return {
    label: formatProposalAmount(balanceOf(proposal), proposal.pricing, proposal.currency),
    balance: proposal.pricing === "tokens" ? await getBalance(accountId) : null,
  };
}
