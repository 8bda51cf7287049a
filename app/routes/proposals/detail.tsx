import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { can } from "~models/identity/roles";
import { cardsOnOurPage as cardsOnPage, newIdempotencyKey } from "~models/billing/payments";
import { checkoutState, paymentMode } from "~models/billing/payments.server";
import { listSavedCards } from "~models/billing/payment-methods.server";
import { getBuyerTaxDetails } from "~models/billing/invoices.server";
import { depositPaymentFields, depositPaymentSchema } from "~models/billing/proposal-deposits";
import {
  depositDue,
  payProposalDeposit,
  spendProposalDeposit,
} from "~models/billing/proposal-deposits.server";
import {
  balanceDue,
  payProposalBalance,
  spendProposalBalance,
} from "~models/billing/proposal-balances.server";
import {
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUS_LABELS,
  SIGNING_CONSENT,
  type ProposalStatus,
} from "~models/projects/proposal-words";
import {
  declineProposal,
  getClientProposal,
  proposalForDeposit,
  signProposal,
} from "~models/projects/proposals.server";
import { PaymentStep, paymentDefaults } from "~/components/billing/payment-fields";
import { ErrorList, Field, FormMessages, FormStatus, SubmitButton, TextareaField } from "~/components/forms";
import { PaymentNotice } from "~/components/payment-mode";
import { ProposalBody } from "~/components/proposals/proposal-body";
import { ConfirmStep } from "~/components/projects/confirm-step";
import { clientAddress } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import { checkoutParams, checkoutReturn, paymentNotices } from "~/lib/checkout.server";
import { formatDateTime } from "~/lib/format";
import { formIntent } from "~/lib/form-intent";
import { memberOf } from "~/lib/membership.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/detail";

// A proposal as its client reads it (decision 0084): the scope, the price, the
// terms, the PDF and its SHA-256; signing (typed name + consent) or declining
// (with a reason) for an owner or approver; then the deposit. Native forms:
// everything works without JavaScript.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "proposal" in data ? data.proposal.title : NOT_FOUND_TITLE} — Ascendra` },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND_TITLE = "Proposal not found";
/** Another organisation's proposal answers exactly like a missing one: 404, same page. */
const notFound = () => data({ notFound: true as const }, { status: 404 });

const NOTICES: Record<string, string> = {
  signed: PROPOSAL_MESSAGES.signed,
  declined: PROPOSAL_MESSAGES.declined,
  already: PROPOSAL_MESSAGES.alreadySigned,
  paid_in_full: PROPOSAL_MESSAGES.balancePaid,
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const proposal = await getClientProposal(params.id, {
    accountId: member.accountId,
    personId: member.person.id,
  });
  if (!proposal) return notFound();
  const url = new URL(request.url);
  const depositOpen = proposal.status === "signed" || proposal.status === "balance_due";
  const mode = paymentMode();
  const back = checkoutParams(request);
  const checkout = depositOpen ? await checkoutState(back.paymentId, member.accountId, back.cancelled) : null;
  return {
    proposal,
    organisation: member.organisation.name,
    mayApprove: can(member.role, "approve"),
    mayPay: can(member.role, "buy"),
    maySpend: can(member.role, "spendTokens"),
    notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
    confirm: url.searchParams.get("confirm"),
    deposit:
      proposal.status === "balance_due"
        ? await balanceDue(proposal, member.accountId)
        : depositOpen
          ? await depositDue(proposal, member.accountId)
          : null,
    mode,
    notices: paymentNotices(mode, checkout),
    savedCards: depositOpen && proposal.pricing === "money" ? await listSavedCards(member.accountId) : [],
    // The deposit's tax invoice carries the organisation's tax details as they are when it is paid.
    taxDetailsMissing:
      depositOpen && proposal.pricing === "money" ? !(await getBuyerTaxDetails(member.accountId)) : false,
    mayEditTaxDetails: can(member.role, "billing"),
    idempotencyKey: newIdempotencyKey(),
  };
}

const INTENTS = ["sign", "decline", "pay", "spend", "pay_balance", "spend_balance"] as const;
type Problem = {
  intent: (typeof INTENTS)[number];
  field?: string;
  message: string;
  values?: Record<string, string>;
};

export async function action({ request, params }: Route.ActionArgs) {
  const member = await memberOf(request);
  // Another organisation's proposal (or a draft) is "not found", whatever the form says.
  const own = await proposalForDeposit(params.id, member.accountId);
  if (!own || own.status === "draft") return notFound();
  const formData = await requireForm(request);
  const intent = formIntent(formData, INTENTS);
  const id = params.id;
  const text = (name: string) => String(formData.get(name) ?? "");
  const problem = (p: Problem, status: number) => data({ problem: p, result: null }, { status });
  if (!intent) return problem({ intent: "sign", message: "Unknown action." }, 400);

  if (intent === "sign") {
    const signed = await signProposal({
      proposalId: id,
      accountId: member.accountId,
      person: { id: member.person.id, email: member.person.email },
      mayApprove: can(member.role, "approve"),
      fullName: text("full_name"),
      consent: formData.get("consent") === "on",
      shownSha256: text("sha256"),
      ip: clientAddress(request),
      userAgent: request.headers.get("User-Agent") ?? "",
    });
    if (!signed.ok) {
      if (signed.status === 404) return notFound();
      return problem(
        { intent, field: signed.field, message: signed.message, values: { full_name: text("full_name") } },
        signed.status,
      );
    }
    throw redirect(`/proposals/${id}?done=${signed.already ? "already" : "signed"}#deposit-step`, 303);
  }

  if (intent === "decline") {
    const declined = await declineProposal({
      proposalId: id,
      accountId: member.accountId,
      person: { id: member.person.id },
      mayApprove: can(member.role, "approve"),
      reason: text("reason"),
      ip: clientAddress(request),
    });
    if (!declined.ok) {
      if (declined.status === 404) return notFound();
      return problem(
        { intent, field: declined.field, message: declined.message, values: { reason: text("reason") } },
        declined.status,
      );
    }
    throw redirect(`/proposals/${id}?done=declined`, 303);
  }

  if (intent === "spend") {
    const spent = await spendProposalDeposit(
      {
        accountId: member.accountId,
        person: { id: member.person.id },
        maySpend: can(member.role, "spendTokens"),
        ip: clientAddress(request),
      },
      id,
    );
    if (!spent.ok) {
      if (spent.status === 404) return notFound();
      return problem({ intent, message: spent.message }, spent.status);
    }
    throw redirect(`/project/${spent.projectId}`, 303);
  }

  if (intent === "spend_balance") {
    const spent = await spendProposalBalance(
      {
        accountId: member.accountId,
        person: { id: member.person.id },
        mayPay: can(member.role, "buy"),
        ip: clientAddress(request),
      },
      id,
    );
    if (!spent.ok) {
      if (spent.status === 404) return notFound();
      return problem({ intent, message: spent.message }, spent.status);
    }
    throw redirect(`/proposals/${id}?done=paid_in_full`, 303);
  }

  // Money: the card (or Stripe's page); the amount is the proposal's, never the form's.
  const submission = parseWithZod(formData, {
    schema: depositPaymentSchema({ cardRequired: cardsOnPage(paymentMode()) }),
  });
  const hideFields = ["card_number", "card_cvc"];
  if (submission.status !== "success")
    return data({ problem: null, result: submission.reply({ hideFields }) }, { status: 400 });
  const payer = {
    accountId: member.accountId,
    person: { id: member.person.id, email: member.person.email },
    mayPay: can(member.role, "buy"),
  };
  const back = checkoutReturn(request, `/proposals/${id}`);
  const paid =
    intent === "pay_balance"
      ? await payProposalBalance(payer, id, submission.value, back)
      : await payProposalDeposit(payer, id, submission.value, back);
  if (!paid.ok && paid.status === 303) throw redirect(paid.checkoutUrl, 303);
  if (!paid.ok) {
    if (paid.status === 404) return notFound();
    const reply =
      "field" in paid && paid.field
        ? submission.reply({ fieldErrors: { [paid.field]: [paid.message] }, hideFields })
        : submission.reply({ formErrors: [paid.message], hideFields });
    return data({ problem: null, result: reply }, { status: paid.status });
  }
  throw redirect(
    "projectId" in paid ? `/project/${paid.projectId}` : `/proposals/${id}?done=paid_in_full`,
    303,
  );
}

const STATUS_STYLE: Record<ProposalStatus, string> = {
  draft: "border-border text-text-muted",
  sent: "border-purple/50 text-text",
  viewed: "border-purple/50 text-text",
  signed: "border-yellow/60 text-text",
  declined: "border-red/50 text-text",
  expired: "border-border text-text-muted",
  superseded: "border-border text-text-muted",
  paid: "border-green/50 text-text",
  balance_due: "border-yellow/60 text-text",
  paid_in_full: "border-green/50 text-text",
};

const card = "rounded-2xl border border-border bg-surface p-5";

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData)
    return (
      <section className="flex max-w-3xl flex-col items-start gap-6">
        <h1 className="font-display text-3xl font-semibold">{NOT_FOUND_TITLE}</h1>
        <p className="text-text-muted">It may have been withdrawn, or it belongs to another organisation.</p>
        <Link to="/dashboard2/proposals" className="font-semibold underline underline-offset-4">
          Your proposals
        </Link>
      </section>
    );
  const { proposal, notice, mayApprove } = loaderData;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const open = proposal.status === "sent" || proposal.status === "viewed";
  return (
    <article className="flex max-w-4xl flex-col gap-8" aria-labelledby="proposal-title">
      <header className="flex flex-col gap-3">
        <Link to="/dashboard2/proposals" className="self-start text-sm text-text-muted hover:text-text">
          ← Proposals
        </Link>
        <p className="text-sm text-text-muted">
          Proposal for {loaderData.organisation} · version {proposal.version} · sent{" "}
          {formatDateTime(proposal.sentAt)}
        </p>
        <h1 id="proposal-title" className="font-display text-3xl font-semibold">
          {proposal.title}
        </h1>
        <p>
          <span
            className={`inline-flex rounded-full border px-3 py-1 text-sm font-semibold ${STATUS_STYLE[proposal.status]}`}
            data-testid="proposal-status"
          >
            {PROPOSAL_STATUS_LABELS[proposal.status]}
          </span>
        </p>
        {notice ? <FormStatus tone="success">{notice}</FormStatus> : null}
        {proposal.status === "superseded" ? (
          <FormStatus tone="error">
            {PROPOSAL_MESSAGES.superseded}{" "}
            {proposal.newestVersionId ? (
              <Link to={`/proposals/${proposal.newestVersionId}`} className="font-semibold underline">
                Read the newest version
              </Link>
            ) : null}
          </FormStatus>
        ) : null}
        {proposal.status === "expired" ? (
          <FormStatus tone="error">{PROPOSAL_MESSAGES.expired(proposal.validUntilLabel)}</FormStatus>
        ) : null}
      </header>

      <ProposalBody proposal={proposal} />

      <section aria-labelledby="document-title" className={card}>
        <h2 id="document-title" className="mb-2 font-display text-xl font-semibold">
          The document
        </h2>
        <p className="text-sm text-text-muted">
          This page shows the proposal PDF below. A signature records this file&apos;s SHA-256 fingerprint:
        </p>
        <p className="mt-2 font-mono text-xs break-all" data-testid="proposal-sha256">
          {proposal.sha256}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={`/proposals/${proposal.id}/pdf`}
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold"
            download
          >
            Download the proposal (PDF)
          </a>
          {proposal.signedAt ? (
            <a
              href={`/proposals/${proposal.id}/signed.pdf`}
              className="rounded-full border border-border px-4 py-2 text-sm font-semibold"
              download
              data-testid="signed-pdf"
            >
              Download the signed copy (PDF)
            </a>
          ) : null}
        </div>
      </section>

      {proposal.signedAt ? (
        <section aria-labelledby="signature-title" className={card}>
          <h2 id="signature-title" className="mb-2 font-display text-xl font-semibold">
            Signature
          </h2>
          <p>
            Signed by <strong>{proposal.signerName}</strong> on {formatDateTime(proposal.signedAt)}.
          </p>
        </section>
      ) : null}

      {proposal.status === "declined" ? (
        <section className={card} aria-labelledby="declined-title">
          <h2 id="declined-title" className="mb-2 font-display text-xl font-semibold">
            Declined
          </h2>
          <p className="text-text-muted">Your reason: {proposal.declineReason}</p>
        </section>
      ) : null}

      {open && mayApprove ? (
        <SignForms proposal={proposal} problem={problem} confirm={loaderData.confirm} />
      ) : null}
      {open && !mayApprove ? (
        <section className={card} aria-labelledby="who-signs">
          <h2 id="who-signs" className="mb-2 font-display text-xl font-semibold">
            Who can sign
          </h2>
          <p>{PROPOSAL_MESSAGES.noRight}</p>
          <ul className="mt-2 list-disc pl-5">
            {proposal.signers.map((s) => (
              <li key={s.email}>
                {s.name} ({s.email})
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {proposal.status === "signed" ? (
        <DepositStep
          loaderData={loaderData}
          actionData={actionData && "notFound" in actionData ? undefined : actionData}
        />
      ) : null}
      {proposal.status === "balance_due" ? (
        <BalanceStep
          loaderData={loaderData}
          actionData={actionData && "notFound" in actionData ? undefined : actionData}
        />
      ) : null}
      {(proposal.status === "paid" ||
        proposal.status === "balance_due" ||
        proposal.status === "paid_in_full") &&
      proposal.projectId ? (
        <section className={card} aria-labelledby="project-title">
          <h2 id="project-title" className="mb-2 font-display text-xl font-semibold">
            Your project
          </h2>
          <p>
            {proposal.status === "paid_in_full"
              ? PROPOSAL_MESSAGES.paidInFull
              : PROPOSAL_MESSAGES.depositPaid}{" "}
            <Link
              to={`/project/${proposal.projectId}`}
              className="font-semibold underline"
              data-testid="proposal-project"
            >
              Open the project
            </Link>
          </p>
        </section>
      ) : null}
    </article>
  );
}

function SignForms({
  proposal,
  problem,
  confirm,
}: {
  proposal: Loaded["proposal"];
  problem: Problem | null;
  confirm: string | null;
}) {
  const signProblem = problem?.intent === "sign" ? problem : null;
  const declineProblem = problem?.intent === "decline" ? problem : null;
  return (
    <>
      <section aria-labelledby="sign-title" className={`${card} border-yellow/50`} id="sign">
        <h2 id="sign-title" className="mb-3 font-display text-xl font-semibold">
          Sign this proposal
        </h2>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="sign" />
          <input type="hidden" name="sha256" value={proposal.sha256} />
          {signProblem && !signProblem.field ? (
            <FormStatus tone="error">{signProblem.message}</FormStatus>
          ) : null}
          <Field
            labelProps={{ children: "Your full name" }}
            inputProps={{
              name: "full_name",
              id: "full_name",
              autoComplete: "name",
              required: true,
              maxLength: 200,
              defaultValue: signProblem?.values?.full_name ?? "",
            }}
            errors={signProblem?.field === "full_name" ? [signProblem.message] : undefined}
          />
          <div className="flex flex-col gap-1">
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                name="consent"
                id="consent"
                required
                className="mt-1 size-4 accent-[var(--color-yellow)]"
                aria-invalid={signProblem?.field === "consent" || undefined}
                aria-describedby={signProblem?.field === "consent" ? "consent-error" : undefined}
              />
              <label htmlFor="consent" className="text-sm">
                {SIGNING_CONSENT}
              </label>
            </div>
            {signProblem?.field === "consent" ? (
              <ErrorList id="consent-error" errors={[signProblem.message]} />
            ) : null}
          </div>
          <p className="text-xs text-text-muted">
            We record your name, the time, your IP address, your browser and the SHA-256 of the PDF above with
            your signature.
          </p>
          <SubmitButton className="self-start" pendingLabel="Signing…" intent="sign">
            Sign the proposal
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="decline-title" className={card}>
        <h2 id="decline-title" className="mb-3 font-display text-xl font-semibold">
          Not right for you?
        </h2>
        {confirm === "decline" || declineProblem ? (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="decline" />
            {declineProblem && !declineProblem.field ? (
              <FormStatus tone="error">{declineProblem.message}</FormStatus>
            ) : null}
            <TextareaField
              label="Why are you declining?"
              textareaProps={{
                name: "reason",
                id: "reason",
                required: true,
                maxLength: 2000,
                rows: 4,
                defaultValue: declineProblem?.values?.reason ?? "",
              }}
              errors={declineProblem?.field === "reason" ? [declineProblem.message] : undefined}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton pendingLabel="Declining…" intent="decline">
                Decline the proposal
              </SubmitButton>
              <Link to="?" className="rounded-full border border-border px-5 py-3 text-sm font-semibold">
                Not now
              </Link>
            </div>
          </Form>
        ) : (
          <Link to="?confirm=decline#decline-title" className="text-sm font-semibold underline">
            Decline this proposal
          </Link>
        )}
      </section>
    </>
  );
}

/** No buyer tax details yet: where to add them, before paying, so the deposit's invoice carries them. */
function TaxDetailsNotice({ proposalId, mayEdit }: { proposalId: string; mayEdit: boolean }) {
  return (
    <div
      className="mb-4 rounded-xl border border-purple/50 bg-purple/10 px-4 py-3 text-sm"
      data-testid="tax-details-missing"
    >
      <p>{PROPOSAL_MESSAGES.taxDetailsMissing}</p>
      {mayEdit ? (
        <p className="mt-2">
          <Link
            to={`/dashboard2/billing/invoices?back=${encodeURIComponent(`/proposals/${proposalId}`)}#tax-details-title`}
            className="font-semibold underline underline-offset-4"
          >
            Add your organisation&apos;s tax details
          </Link>
        </p>
      ) : (
        <p className="mt-2">{PROPOSAL_MESSAGES.taxDetailsAskBilling}</p>
      )}
    </div>
  );
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;
type Acted = Exclude<Route.ComponentProps["actionData"], { notFound: true }>;

function DepositStep({ loaderData, actionData }: { loaderData: Loaded; actionData: Acted | undefined }) {
  const { proposal, deposit, confirm } = loaderData;
  const spendProblem = actionData?.problem?.intent === "spend" ? actionData.problem : null;
  return (
    <section aria-labelledby="deposit-title" className={`${card} border-yellow/50`} id="deposit-step">
      <h2 id="deposit-title" className="mb-2 font-display text-xl font-semibold">
        Pay the deposit: {deposit?.label}
      </h2>
      <p className="mb-4 text-sm text-text-muted">
        The project starts, and its delivery clock runs, once the deposit is paid. {proposal.balanceSchedule}
      </p>
      {proposal.pricing === "tokens" ? (
        <div className="flex flex-col gap-3">
          <p>
            Your wallet holds <strong data-testid="deposit-balance">{deposit?.balance ?? 0} tokens</strong>.
          </p>
          {spendProblem ? <FormStatus tone="error">{spendProblem.message}</FormStatus> : null}
          {loaderData.maySpend ? (
            <ConfirmStep
              open={confirm === "spend"}
              copy={{
                step: "spend",
                button: `Pay ${deposit?.label} from my wallet`,
                heading: "Spend tokens on the deposit?",
                consequence: `${deposit?.label} leave your wallet now and the project starts. This cannot be undone here.`,
                confirm: "Spend and start the project",
              }}
            />
          ) : (
            <p>Ask an owner, approver or billing member of your organisation to pay the deposit.</p>
          )}
        </div>
      ) : (
        <CardPayment
          loaderData={loaderData}
          actionData={actionData}
          intent="pay"
          payLabel={`Pay ${deposit?.label} and start the project`}
          noRight="Only an owner or a billing member of your organisation can pay the deposit."
        />
      )}
    </section>
  );
}

function BalanceStep({ loaderData, actionData }: { loaderData: Loaded; actionData: Acted | undefined }) {
  const { proposal, deposit, confirm } = loaderData;
  const spendProblem = actionData?.problem?.intent === "spend_balance" ? actionData.problem : null;
  return (
    <section aria-labelledby="balance-title" className={`${card} border-yellow/50`} id="balance-step">
      <h2 id="balance-title" className="mb-2 font-display text-xl font-semibold">
        {PROPOSAL_MESSAGES.balanceDue(deposit?.label ?? "")}
      </h2>
      <p className="mb-4 text-sm text-text-muted">{PROPOSAL_MESSAGES.balanceIntro}</p>
      {proposal.pricing === "tokens" ? (
        <div className="flex flex-col gap-3">
          <p>
            Your wallet holds <strong data-testid="balance-wallet">{deposit?.balance ?? 0} tokens</strong>.
          </p>
          {spendProblem ? <FormStatus tone="error">{spendProblem.message}</FormStatus> : null}
          {loaderData.mayPay ? (
            <ConfirmStep
              open={confirm === "spend_balance"}
              copy={{
                step: "spend_balance",
                button: `Pay ${deposit?.label} from my wallet`,
                heading: "Spend tokens on the balance?",
                consequence: `${deposit?.label} leave your wallet now. This cannot be undone here.`,
                confirm: "Spend and pay in full",
              }}
            />
          ) : (
            <p>{PROPOSAL_MESSAGES.noRightToPayBalance}</p>
          )}
        </div>
      ) : (
        <CardPayment
          loaderData={loaderData}
          actionData={actionData}
          intent="pay_balance"
          payLabel={`Pay the balance of ${deposit?.label}`}
          noRight={PROPOSAL_MESSAGES.noRightToPayBalance}
        />
      )}
    </section>
  );
}

/**
 * Paying a stage of the proposal (the deposit or the balance) by card, or through the hosted checkout:
 * the tax-details notice, the payment notices and the one payment form, for those who may pay.
 */
function CardPayment({
  loaderData,
  actionData,
  intent,
  payLabel,
  noRight,
}: {
  loaderData: Loaded;
  actionData: Acted | undefined;
  intent: "pay" | "pay_balance";
  payLabel: string;
  noRight: string;
}) {
  const { proposal, mode, notices, savedCards, idempotencyKey } = loaderData;
  const cardsOnOurPage = cardsOnPage(mode);
  const schema = depositPaymentSchema({ cardRequired: cardsOnOurPage });
  const [form, fields] = useZodForm(schema, {
    id: intent === "pay" ? "deposit" : "balance",
    lastResult: actionData?.result ?? undefined,
    constraintFrom: depositPaymentFields,
    defaultValue: paymentDefaults(savedCards),
  });
  if (!loaderData.mayPay) return <p>{noRight}</p>;
  return (
    <>
      {loaderData.taxDetailsMissing ? (
        <TaxDetailsNotice proposalId={proposal.id} mayEdit={loaderData.mayEditTaxDetails} />
      ) : null}
      <PaymentNotice notice={notices.banner} />
      <PaymentNotice notice={notices.checkout} outcome />
      {mode === "none" ? null : (
        <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={intent} />
          <FormMessages errors={form.errors} errorId={form.errorId} />
          <PaymentStep
            cardsOnOurPage={cardsOnOurPage}
            hostedNotice={notices.hosted}
            fields={fields}
            idempotencyKey={idempotencyKey}
            savedCards={savedCards}
          />
          <SubmitButton pendingLabel="Processing payment…" className="self-start" intent={intent}>
            {cardsOnOurPage ? payLabel : "Continue to payment"}
          </SubmitButton>
        </Form>
      )}
    </>
  );
}
