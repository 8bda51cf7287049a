import { type Transaction } from "../platform/db.server";
import { sendQueuedEmails } from "../platform/mail.server";
import {
  openProjectFromProposal,
  proposalForDeposit,
  type OpenedProject,
} from "../projects/proposals.server";
import { PROPOSAL_MESSAGES, type ProposalPricing } from "../projects/proposals";
import { DEPOSIT_MESSAGES, type DepositPaymentInput } from "./proposal-deposits";
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

// A signed proposal's deposit (decision 0084), the first stage of a proposal's
// payment (./proposal-payments.server.ts): money through takePayment (the test
// gateway charges now; Stripe's hosted checkout sends the client there and the
// webhook fulfils), or tokens spent from the organisation's wallet. Fulfilment
// opens the project once (models/projects/proposals.server.ts,
// `openProjectFromProposal`), in the payment's transaction. The payment is an
// ordinary `payments` row of kind "proposal_deposit", so its receipt (and its
// tax invoice) follow as for every other kind.

const M = PROPOSAL_MESSAGES;

export type DepositResult =
  { ok: true; projectId: string; replayed: boolean; message: string } | ProposalPaymentRefusal;

const deposit: ProposalStage<OpenedProject> = {
  name: "deposit",
  kind: "proposal_deposit",
  amount: (row) => row.depositAmount,
  refusal: (proposal) => {
    if (!proposal || proposal.status === "draft") return { ok: false, status: 404, message: "Not found" };
    if (proposal.status === "paid") return { ok: false, status: 409, message: M.alreadyPaid };
    if (proposal.status !== "signed") return { ok: false, status: 409, message: M.notSigned };
    return null;
  },
  isPaid: (locked) => locked.status === "paid",
  wrongPricing: (pricing) =>
    pricing === "tokens" ? DEPOSIT_MESSAGES.tokensOnly : DEPOSIT_MESSAGES.moneyOnly,
  alreadyPaid: M.alreadyPaid,
  paidMessage: M.depositPaid,
  short: M.insufficientTokens,
  fulfil: (tx, proposalId, paid, now) => openProjectFromProposal(tx, proposalId, paid, now),
  replay: async (proposalId, accountId) => ({
    projectId: (await proposalForDeposit(proposalId, accountId))?.projectId ?? "",
    created: false,
    emails: [],
  }),
  replayed: (opened) => !opened.created,
  afterCommit: (opened) => sendQueuedEmails(opened.emails),
};

const settled = (result: ProposalPaymentResult<OpenedProject> | ProposalPaymentRefusal): DepositResult =>
  result.ok
    ? { ok: true, projectId: result.done.projectId, replayed: result.replayed, message: result.message }
    : result;

/**
 * In the payment's transaction (takePayment's `fulfil`, or the Stripe webhook's): opens the project.
 * Emails to send after the commit are returned with it.
 */
export function fulfilProposalDeposit(tx: Transaction, payment: PaymentRow, now = new Date()) {
  return fulfilProposalPayment(deposit, tx, payment, now);
}

/** Pays a signed money proposal's deposit: one payment per proposal, never charged twice. */
export async function payProposalDeposit(
  payer: { accountId: string; person: { id: string; email: string }; mayPay: boolean },
  proposalId: string,
  input: DepositPaymentInput,
  checkout: CheckoutReturn | null,
  now = new Date(),
): Promise<DepositResult> {
  const rights = { allowed: payer.mayPay, noRight: DEPOSIT_MESSAGES.noRightToPay };
  return settled(await payProposalStage(deposit, { ...payer, ...rights }, proposalId, input, checkout, now));
}

/** Pays a signed token proposal's deposit from the organisation's wallet, once, with the project it opens. */
export async function spendProposalDeposit(
  payer: { accountId: string; person: { id: string }; maySpend: boolean; ip?: string },
  proposalId: string,
  now = new Date(),
): Promise<DepositResult> {
  const rights = { allowed: payer.maySpend, noRight: DEPOSIT_MESSAGES.noRightToSpend };
  return settled(await spendProposalStage(deposit, { ...payer, ...rights }, proposalId, now));
}

/** The deposit step's facts for the client's page: what is due, and the wallet's balance for tokens. */
export function depositDue(
  proposal: { pricing: ProposalPricing; currency: string | null; total: number; depositAmount: number },
  accountId: string,
) {
  return stageDue(deposit, proposal, accountId);
}
