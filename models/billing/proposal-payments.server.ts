import { db, type Transaction } from "../platform/db.server";
import { lockProposal, proposalForDeposit, type ProposalRow } from "../projects/proposals.server";
import { formatProposalAmount, type ProposalPricing } from "../projects/proposals";
import { type Currency } from "./payments";
import { type DepositPaymentInput } from "./proposal-deposits";
import { resolvePaymentSource } from "./payment-methods.server";
import { takePayment, unfulfilledResult, type CheckoutReturn, type PaymentRow } from "./payments.server";
import { getBalance, spendTokens } from "./tokens.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";

// Paying an amount a signed proposal asks for (decision 0084): the deposit
// (./proposal-deposits.server.ts) and the balance (./proposal-balances.server.ts)
// are two stages of one flow. Money goes through takePayment as a payment of the
// stage's kind keyed by the proposal (one charge per stage, ever; its receipt and
// tax invoice follow as for every kind); tokens go in one ledger spend keyed by
// the proposal and the stage, in one transaction with the stage's fulfilment and
// its receipt. The amount is always the proposal's, read here, never a form's.

/** A refusal, a hosted checkout to go to, or the form's error; shared by both stages' results. */
export type ProposalPaymentRefusal =
  | { ok: false; status: 303; checkoutUrl: string; message: string }
  | { ok: false; status: 400 | 402 | 403 | 404 | 409 | 422 | 503; message: string; field?: string };

type Paid = { paymentId?: string; ledgerId?: string };

/** What one stage of a proposal's payment is: its amount, when it may be paid, and what paying it does. */
export type ProposalStage<Done> = {
  name: "deposit" | "balance";
  kind: "proposal_deposit" | "proposal_balance";
  amount: (row: Pick<ProposalRow, "total" | "depositAmount">) => number;
  /** Why the stage cannot be paid now (not found, already paid, not due), or null. */
  refusal: (row: ProposalRow | null) => ProposalPaymentRefusal | null;
  /** Whether the locked row shows the stage paid (a second click, a second tab). */
  isPaid: (locked: ProposalRow) => boolean;
  /** The message when the proposal is priced in the other way (paying money for tokens, or the reverse). */
  wrongPricing: (pricing: "money" | "tokens") => string;
  alreadyPaid: string;
  paidMessage: string;
  short: (balance: number, needed: number) => string;
  /** In the paying transaction: what the stage's payment does (opens the project, marks paid in full). */
  fulfil: (tx: Transaction, proposalId: string, paid: Paid, now: Date) => Promise<Done>;
  /** What a replayed payment (its fulfilment already done) answers with. */
  replay: (proposalId: string, accountId: string) => Promise<Done>;
  replayed: (done: Done) => boolean;
  /** After the commit: the emails the fulfilment queued. */
  afterCommit: (done: Done) => Promise<void>;
};

export type ProposalPaymentResult<Done> = { ok: true; replayed: boolean; message: string; done: Done };

const describe = (stage: { name: string }, row: ProposalRow) =>
  `${stage.name === "deposit" ? "Deposit" : "Balance"} for “${row.title}” (proposal version ${row.version})`;

/** The id a stage's payment row names its proposal by. */
const proposalIdOf = (payment: PaymentRow) =>
  String((payment.order as { proposalId?: string } | null)?.proposalId ?? "");

/** A stage's fulfilment in the payment's transaction (takePayment's `fulfil`, or a webhook's). */
export function fulfilProposalPayment<Done>(
  stage: ProposalStage<Done>,
  tx: Transaction,
  payment: PaymentRow,
  now = new Date(),
): Promise<Done> {
  return stage.fulfil(tx, proposalIdOf(payment), { paymentId: payment.id }, now);
}

/**
 * The payer's proposal when they may pay this stage of it now in `pricing` (money: by card; tokens:
 * from the wallet), else the refusal: no right, not found, not due or paid, or priced the other way.
 */
async function payable<Done>(
  stage: ProposalStage<Done>,
  payer: { accountId: string; allowed: boolean; noRight: string },
  proposalId: string,
  pricing: "money" | "tokens",
): Promise<ProposalRow | ProposalPaymentRefusal> {
  if (!payer.allowed) return { ok: false, status: 403, message: payer.noRight };
  const proposal = await proposalForDeposit(proposalId, payer.accountId);
  const refused = stage.refusal(proposal);
  if (refused) return refused;
  const row = proposal!;
  const priced =
    pricing === "money" ? row.pricing === "money" && Boolean(row.currency) : row.pricing === "tokens";
  if (!priced)
    return { ok: false, status: 409, message: stage.wrongPricing(pricing === "money" ? "tokens" : "money") };
  return row;
}

/**
 * Pays a money proposal's stage. One payment per proposal and stage: its idempotency key is the
 * proposal's, so a resubmitted form, a second tab or a retry after a decline all reach the same
 * payment row, and a stage is never charged twice.
 */
export async function payProposalStage<Done>(
  stage: ProposalStage<Done>,
  payer: { accountId: string; person: { email: string }; allowed: boolean; noRight: string },
  proposalId: string,
  input: DepositPaymentInput,
  checkout: CheckoutReturn | null,
  now = new Date(),
): Promise<ProposalPaymentResult<Done> | ProposalPaymentRefusal> {
  const row = await payable(stage, payer, proposalId, "money");
  if ("ok" in row) return row;
  const source = await resolvePaymentSource(payer.accountId, input);
  if (!source.ok) return source;
  const outcome = await takePayment({
    userId: payer.accountId,
    payerEmail: payer.person.email,
    idempotencyKey: `proposal-${stage.name}:${row.id}`,
    kind: stage.kind,
    description: describe(stage, row),
    amountMinor: stage.amount(row),
    currency: row.currency as Currency,
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    order: { proposalId: row.id },
    checkout,
    fulfil: (tx, payment) => fulfilProposalPayment(stage, tx, payment, now),
    replay: () => stage.replay(proposalId, payer.accountId),
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  await stage.afterCommit(outcome.value);
  return { ok: true, replayed: outcome.replayed, message: stage.paidMessage, done: outcome.value };
}

class ShortOfTokens extends Error {
  constructor(readonly balance: number) {
    super("short of tokens");
  }
}

/**
 * Pays a token proposal's stage from the organisation's wallet, in one transaction with the stage's
 * fulfilment and its receipt: the spend's source key is the proposal's and the stage's, so it happens
 * once; short of tokens, nothing is written and the answer says how many there are.
 */
export async function spendProposalStage<Done>(
  stage: ProposalStage<Done>,
  payer: { accountId: string; person: { id: string }; allowed: boolean; noRight: string; ip?: string },
  proposalId: string,
  now = new Date(),
): Promise<ProposalPaymentResult<Done> | ProposalPaymentRefusal> {
  const row = await payable(stage, payer, proposalId, "tokens");
  if ("ok" in row) return row;
  const needed = stage.amount(row);
  try {
    const spent = await db().transaction(async (tx) => {
      // Locked first, so two clicks wait for each other; the second finds the stage paid.
      const locked = await lockProposal(tx, row.id);
      if (!locked || stage.isPaid(locked)) return null;
      const spend = await spendTokens(
        {
          userId: payer.accountId,
          amount: needed,
          reason: "project",
          description: describe(stage, row),
          sourceKey: `proposal:${row.id}:${stage.name}`,
          now,
          actor: { id: payer.person.id, role: "client", ip: payer.ip },
        },
        tx,
      );
      if (!spend.ok) throw new ShortOfTokens(spend.balance);
      const done = await stage.fulfil(tx, row.id, { ledgerId: spend.entry.id }, now);
      const receipt = await queueReceipt(
        tx,
        {
          kind: "shop",
          userId: payer.accountId,
          tokens: needed,
          items: `the ${stage.name} for “${row.title}”`,
        },
        { now },
      );
      return { done, receipt };
    });
    if (!spent) return { ok: false, status: 409, message: stage.alreadyPaid };
    await stage.afterCommit(spent.done);
    if (spent.receipt) await sendReceipt(spent.receipt);
    return { ok: true, replayed: stage.replayed(spent.done), message: stage.paidMessage, done: spent.done };
  } catch (error) {
    if (error instanceof ShortOfTokens)
      return { ok: false, status: 402, message: stage.short(error.balance, needed) };
    throw error;
  }
}

/** A stage's facts for the client's page: what is due, and the wallet's balance for tokens. */
export async function stageDue(
  stage: Pick<ProposalStage<unknown>, "amount">,
  proposal: { pricing: ProposalPricing; currency: string | null; total: number; depositAmount: number },
  accountId: string,
) {
  return {
    label: formatProposalAmount(stage.amount(proposal), proposal.pricing, proposal.currency),
    balance: proposal.pricing === "tokens" ? await getBalance(accountId) : null,
  };
}
