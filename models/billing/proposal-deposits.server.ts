import { db, type Transaction } from "../platform/db.server";
import { sendQueuedEmails } from "../platform/mail.server";
import {
  lockProposal,
  openProjectFromProposal,
  proposalForDeposit,
  type OpenedProject,
  type ProposalRow,
} from "../projects/proposals.server";
import { formatProposalAmount, PROPOSAL_MESSAGES, type ProposalPricing } from "../projects/proposals";
import { type Currency } from "./payments";
import { DEPOSIT_MESSAGES, type DepositPaymentInput } from "./proposal-deposits";
import { resolvePaymentSource } from "./payment-methods.server";
import { takePayment, unfulfilledResult, type CheckoutReturn, type PaymentRow } from "./payments.server";
import { getBalance, spendTokens } from "./tokens.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";

// A signed proposal's deposit (decision 0084): money through takePayment (the
// test gateway charges now; Stripe's hosted checkout sends the client there and
// the webhook fulfils), or tokens spent from the organisation's wallet. The
// amount is the proposal's, read here, never the form's. Fulfilment opens the
// project once (models/projects/proposals.server.ts, `openProjectFromProposal`),
// in the payment's transaction. The payment is an ordinary `payments` row of
// kind "proposal_deposit", so its receipt (and its tax invoice) follow as for
// every other kind.

const M = PROPOSAL_MESSAGES;

export type DepositResult =
  | { ok: true; projectId: string; replayed: boolean; message: string }
  | { ok: false; status: 303; checkoutUrl: string; message: string }
  | { ok: false; status: 400 | 402 | 403 | 404 | 409 | 422 | 503; message: string; field?: string };

/** The id the payment row names its proposal by. */
const proposalIdOf = (payment: PaymentRow) =>
  String((payment.order as { proposalId?: string } | null)?.proposalId ?? "");

/**
 * In the payment's transaction (takePayment's `fulfil`, or the Stripe webhook's): opens the project.
 * Emails to send after the commit are returned with it.
 */
export function fulfilProposalDeposit(
  tx: Transaction,
  payment: PaymentRow,
  now = new Date(),
): Promise<OpenedProject> {
  return openProjectFromProposal(tx, proposalIdOf(payment), { paymentId: payment.id }, now);
}

function refusal(proposal: ProposalRow | null): DepositResult | null {
  if (!proposal || proposal.status === "draft") return { ok: false, status: 404, message: "Not found" };
  if (proposal.status === "paid") return { ok: false, status: 409, message: M.alreadyPaid };
  if (proposal.status !== "signed") return { ok: false, status: 409, message: M.notSigned };
  return null;
}

/**
 * Pays a signed money proposal's deposit. One payment per proposal: its idempotency key is the
 * proposal's, so a resubmitted form, a second tab or a retry after a decline all reach the same payment
 * row, and a deposit is never charged twice.
 */
export async function payProposalDeposit(
  payer: { accountId: string; person: { id: string; email: string }; mayPay: boolean },
  proposalId: string,
  input: DepositPaymentInput,
  checkout: CheckoutReturn | null,
  now = new Date(),
): Promise<DepositResult> {
  if (!payer.mayPay) return { ok: false, status: 403, message: DEPOSIT_MESSAGES.noRightToPay };
  const proposal = await proposalForDeposit(proposalId, payer.accountId);
  const refused = refusal(proposal);
  if (refused) return refused;
  if (proposal!.pricing !== "money" || !proposal!.currency)
    return { ok: false, status: 409, message: DEPOSIT_MESSAGES.tokensOnly };
  const source = await resolvePaymentSource(payer.accountId, input);
  if (!source.ok) return source;
  const outcome = await takePayment({
    userId: payer.accountId,
    payerEmail: payer.person.email,
    idempotencyKey: `proposal-deposit:${proposal!.id}`,
    kind: "proposal_deposit",
    description: `Deposit for “${proposal!.title}” (proposal version ${proposal!.version})`,
    amountMinor: proposal!.depositAmount,
    currency: proposal!.currency as Currency,
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    order: { proposalId: proposal!.id },
    checkout,
    fulfil: (tx, payment) => fulfilProposalDeposit(tx, payment, now),
    replay: async (): Promise<OpenedProject> => ({
      projectId: (await proposalForDeposit(proposalId, payer.accountId))?.projectId ?? "",
      created: false,
      emails: [],
    }),
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  await sendQueuedEmails(outcome.value.emails);
  return { ok: true, projectId: outcome.value.projectId, replayed: outcome.replayed, message: M.depositPaid };
}

/**
 * Pays a signed token proposal's deposit from the organisation's wallet, in one transaction with the
 * project it opens: the spend's source key is the proposal's, so it happens once; short of tokens,
 * nothing is written and the answer says how many there are.
 */
export async function spendProposalDeposit(
  payer: { accountId: string; person: { id: string }; maySpend: boolean; ip?: string },
  proposalId: string,
  now = new Date(),
): Promise<DepositResult> {
  if (!payer.maySpend) return { ok: false, status: 403, message: DEPOSIT_MESSAGES.noRightToSpend };
  const proposal = await proposalForDeposit(proposalId, payer.accountId);
  const refused = refusal(proposal);
  if (refused) return refused;
  if (proposal!.pricing !== "tokens") return { ok: false, status: 409, message: DEPOSIT_MESSAGES.moneyOnly };
  class Short extends Error {
    constructor(readonly balance: number) {
      super("short");
    }
  }
  try {
    const { opened, receipt } = await db().transaction(async (tx) => {
      // Locked first, so two clicks wait for each other; the second finds it paid.
      const locked = await lockProposal(tx, proposal!.id);
      if (locked?.status === "paid") return { opened: null, receipt: null };
      const spent = await spendTokens(
        {
          userId: payer.accountId,
          amount: proposal!.depositAmount,
          reason: "project",
          description: `Deposit for “${proposal!.title}” (proposal version ${proposal!.version})`,
          sourceKey: `proposal:${proposal!.id}:deposit`,
          now,
          actor: { id: payer.person.id, role: "client", ip: payer.ip },
        },
        tx,
      );
      if (!spent.ok) throw new Short(spent.balance);
      const opened = await openProjectFromProposal(tx, proposal!.id, { ledgerId: spent.entry.id }, now);
      const receipt = await queueReceipt(
        tx,
        {
          kind: "shop",
          userId: payer.accountId,
          tokens: proposal!.depositAmount,
          items: `the deposit for “${proposal!.title}”`,
        },
        { now },
      );
      return { opened, receipt };
    });
    if (!opened) return { ok: false, status: 409, message: M.alreadyPaid };
    await sendQueuedEmails(opened.emails);
    if (receipt) await sendReceipt(receipt);
    return { ok: true, projectId: opened.projectId, replayed: !opened.created, message: M.depositPaid };
  } catch (error) {
    if (error instanceof Short)
      return {
        ok: false,
        status: 402,
        message: M.insufficientTokens(error.balance, proposal!.depositAmount),
      };
    throw error;
  }
}

/** The deposit step's facts for the client's page: what is due, and the wallet's balance for tokens. */
export async function depositDue(
  proposal: { pricing: ProposalPricing; currency: string | null; depositAmount: number },
  accountId: string,
) {
  return {
    label: formatProposalAmount(proposal.depositAmount, proposal.pricing, proposal.currency),
    balance: proposal.pricing === "tokens" ? await getBalance(accountId) : null,
  };
}
