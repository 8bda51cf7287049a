import { and, eq, isNull } from "drizzle-orm";
import { type Transaction } from "../platform/db.server";
import { notifyStaff } from "../platform/notifications.server";
import { proposals } from "../schema";
import { type ProposalRow } from "../projects/proposals.server";
import { PROPOSAL_MESSAGES, type ProposalPricing } from "../projects/proposals";
import { type DepositPaymentInput } from "./proposal-deposits";
import {
  fulfilProposalPayment,
  payProposalStage,
  spendProposalStage,
  stageDue,
  type ProposalPaymentRefusal,
  type ProposalPaymentResult,
  type ProposalStage,
} from "./proposal-payments.server";
import { type CheckoutReturn, type PaymentRow } from "./payments.server";

// A delivered proposal's balance (decision 0084): total − deposit, due once the
// project opened from it is completed (models/projects/proposal-balance.server.ts
// marks it). The second stage of a proposal's payment (./proposal-payments.server.ts),
// paid as the deposit is: a payment of kind "proposal_balance" or one ledger spend,
// both keyed by the proposal. Fulfilment marks the proposal paid in full, once.

const M = PROPOSAL_MESSAGES;
const NO_RIGHT = M.noRightToPayBalance;

export type BalanceResult = { ok: true; replayed: boolean; message: string } | ProposalPaymentRefusal;

const balanceOf = (row: Pick<ProposalRow, "total" | "depositAmount">) => row.total - row.depositAmount;

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

const balance: ProposalStage<{ paid: boolean }> = {
  name: "balance",
  kind: "proposal_balance",
  amount: balanceOf,
  refusal: (proposal) => {
    if (!proposal || proposal.status === "draft") return { ok: false, status: 404, message: "Not found" };
    if (proposal.balancePaidAt) return { ok: false, status: 409, message: M.balanceAlreadyPaid };
    if (proposal.status !== "paid" || !proposal.balanceDueAt || balanceOf(proposal) <= 0)
      return { ok: false, status: 409, message: M.balanceNotDue };
    return null;
  },
  isPaid: (locked) => Boolean(locked.balancePaidAt),
  wrongPricing: () => M.balanceNotDue,
  alreadyPaid: M.balanceAlreadyPaid,
  paidMessage: M.balancePaid,
  short: M.insufficientTokensBalance,
  fulfil: markPaidInFull,
  replay: async () => ({ paid: false }),
  replayed: () => false,
  afterCommit: async () => {},
};

/** In the payment's transaction (takePayment's `fulfil`, or the Stripe webhook's): paid in full, once. */
export function fulfilProposalBalance(tx: Transaction, payment: PaymentRow, now = new Date()) {
  return fulfilProposalPayment(balance, tx, payment, now);
}

const settled = (result: ProposalPaymentResult<{ paid: boolean }> | ProposalPaymentRefusal): BalanceResult =>
  result.ok ? { ok: true, replayed: result.replayed, message: result.message } : result;

/** Pays a delivered money proposal's balance: one payment per proposal, never charged twice. */
export async function payProposalBalance(
  payer: { accountId: string; person: { id: string; email: string }; mayPay: boolean },
  proposalId: string,
  input: DepositPaymentInput,
  checkout: CheckoutReturn | null,
  now = new Date(),
): Promise<BalanceResult> {
  const rights = { allowed: payer.mayPay, noRight: NO_RIGHT };
  return settled(await payProposalStage(balance, { ...payer, ...rights }, proposalId, input, checkout, now));
}

/** Pays a delivered token proposal's balance from the organisation's wallet: one spend, with the mark. */
export async function spendProposalBalance(
  payer: { accountId: string; person: { id: string }; mayPay: boolean; ip?: string },
  proposalId: string,
  now = new Date(),
): Promise<BalanceResult> {
  const rights = { allowed: payer.mayPay, noRight: NO_RIGHT };
  return settled(await spendProposalStage(balance, { ...payer, ...rights }, proposalId, now));
}

/** The balance step's facts for the client's page: what is due, and the wallet's balance for tokens. */
export function balanceDue(
  proposal: { pricing: ProposalPricing; currency: string | null; total: number; depositAmount: number },
  accountId: string,
) {
  return stageDue(balance, proposal, accountId);
}
