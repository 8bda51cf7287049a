import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { type Currency } from "~models/billing/payments";
import { formatMinor } from "~models/platform/money";
import {
  amountInput,
  REFUND_FORM_MESSAGES,
  REFUND_WINDOW_DAYS,
  refundConfirmSchema,
  refundedMessage,
  refundFormSchema,
  refundPlan,
  unspentShareMinor,
} from "~models/billing/refunds";
import { refundPayment, refundPreview } from "~models/billing/refunds.server";
import { paymentDocuments } from "~models/billing/invoices.server";
import { cell, DataTable, PageHeader } from "~/components/admin/ui";
import { Field, SubmitButton } from "~/components/forms";
import { notFoundResponse } from "~/lib/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { requireForm } from "~/lib/body/form.server";
import { requireMoneyAccess } from "~/lib/money-report.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/payment";

// One payment for staff, and its refund in two steps (docs/decisions/0036,
// 0072). Step 1 (a GET form) chooses the amount, by default the unspent
// share of the purchase's tokens, and a note; step 2 (?confirm=1&amount=…,
// its own URL) shows the amount, the tokens that come back, those already
// spent and what stays with the client; only its POST refunds, once, and
// lands on ?refunded=<id> with the outcome.

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Receipt #${data.payment.number}` : "Payment");

const DAY = 86_400_000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireMoneyAccess((await staffOf({ request, context })).user);
  const [preview, documents] = await Promise.all([refundPreview(params.id), paymentDocuments(params.id)]);
  if (!preview) throw notFoundResponse();
  const { payment, tokens } = preview;
  const currency = payment.currency as Currency;
  const money = (minor: number) => formatMinor(minor, currency);
  const query = new URL(request.url).searchParams;
  const left = preview.refundableMinor;
  const canRefund = left > 0 && payment.status === "succeeded";
  const suggestedMinor = unspentShareMinor(payment, tokens);

  // Step 2 when asked for and the amount holds; else step 1 with what was typed and why not.
  const values = {
    amount: query.get("amount") ?? amountInput(suggestedMinor),
    reason: query.get("reason") ?? "",
  };
  const errors: { amount?: string[]; reason?: string[] } = {};
  let confirm: (ReturnType<typeof refundPlan> & { reason: string }) | null = null;
  if (canRefund && query.get("confirm") === "1") {
    const parsed = refundFormSchema.safeParse(values);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "reason" ? "reason" : "amount";
        errors[field] ??= [issue.message];
      }
    else if (parsed.data.amount <= 0 || parsed.data.amount > left)
      errors.amount = [REFUND_FORM_MESSAGES.range(money(left))];
    else confirm = { ...refundPlan(payment, tokens, parsed.data.amount), reason: parsed.data.reason };
  }

  // The outcome of the refund just confirmed.
  const doneId = query.get("refunded");
  const done = doneId ? preview.refunds.find((r) => r.id === doneId) : undefined;
  const outcome = !done
    ? null
    : done.status === "succeeded"
      ? {
          tone: "success" as const,
          message:
            `${refundedMessage(money(done.amountMinor), done.tokensTakenBack)} The client's receipt is on its way to ` +
            `${preview.clientEmail ?? "the payer"}${payment.userId ? ", with a notification in their portal" : ""}.`,
        }
      : done.status === "pending"
        ? { tone: "success" as const, message: "The refund is on its way through the gateway." }
        : { tone: "error" as const, message: "The gateway refused this refund; nothing was refunded." };

  const paidAt = payment.completedAt ?? payment.createdAt;
  return data(
    {
      payment: {
        id: payment.id,
        number: payment.number,
        description: payment.description,
        amount: money(payment.amountMinor),
        refunded: money(payment.refundedMinor),
        refundedMinor: payment.refundedMinor,
        currency,
        status: payment.status,
        gateway: payment.gateway,
        paidAt: payment.completedAt,
        outsideWindow: Date.now() - paidAt.getTime() > REFUND_WINDOW_DAYS * DAY,
      },
      client: preview.clientEmail,
      canRefund,
      refundableLabel: money(left),
      suggested: { label: money(suggestedMinor), input: amountInput(suggestedMinor) },
      values,
      errors,
      confirm: confirm && {
        ...confirm,
        amount: money(confirm.amountMinor),
        amountInput: amountInput(confirm.amountMinor),
        kept: money(confirm.keptMinor),
      },
      outcome,
      tokens,
      giftCard: preview.giftCard,
      // Its tax invoice and credit notes (decision 0082).
      documents,
      refunds: preview.refunds.map((r) => ({
        id: r.id,
        amount: money(r.amountMinor),
        status: r.status,
        tokensTakenBack: r.tokensTakenBack,
        tokensAlreadySpent: r.tokensAlreadySpent,
        reason: r.reason,
        at: r.completedAt ?? r.createdAt,
      })),
    },
    { status: errors.amount || errors.reason ? 400 : 200 },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, user } = await staffOf({ request, context });
  requireMoneyAccess(user);
  const parsed = refundConfirmSchema.safeParse(Object.fromEntries(await requireForm(request)));
  if (!parsed.success)
    return data({ tone: "error" as const, message: parsed.error.issues[0]!.message }, { status: 400 });
  const result = await refundPayment({
    paymentId: params.id,
    amountMinor: parsed.data.amount,
    reason: parsed.data.reason,
    staff: { id: actor.id, ip: actor.ip },
    expectedRefundedMinor: parsed.data.refunded_so_far,
  });
  if (!result.ok) {
    if (result.status === 404) throw notFoundResponse();
    return data({ tone: "error" as const, message: result.message }, { status: result.status });
  }
  // Post, then a page of its own: reloading it refunds nothing.
  throw redirect(`/admin/payments/${params.id}?refunded=${result.refund.id}`, 303);
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, client, canRefund, refundableLabel, suggested, tokens, giftCard, refunds, documents } =
    loaderData;
  // A refused confirmation goes back to step 1: staff choose again from the figures as they are now.
  const confirm = actionData ? null : loaderData.confirm;
  const message = actionData ?? loaderData.outcome;
  const navigation = useNavigation();
  const reviewing = navigation.state !== "idle" && navigation.formData?.get("confirm") === "1";

  // With JavaScript, focus follows the flow as a page load would: to the confirm step, then to the outcome.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (message) outcomeRef.current?.focus();
    else if (confirm) confirmRef.current?.focus();
  }, [message, confirm]);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/payments" className="text-sm text-text-muted hover:text-text">
        ← Payments
      </Link>
      <PageHeader
        title={`Receipt #${payment.number}`}
        description={`${payment.description} · ${payment.amount} · ${client ?? "no account"} · ${payment.gateway} gateway`}
      />
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            data-testid="refund-outcome"
            className={`rounded-xl border px-4 py-3 text-sm ${message.tone === "error" ? "border-red/50 bg-red/10" : "border-green/50 bg-green/10"}`}
          >
            {message.message}
          </p>
        ) : null}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3" data-testid="refund-preview">
        <div>
          <dt className="text-text-muted">Refunded so far</dt>
          <dd className="font-semibold">{payment.refunded}</dd>
        </div>
        <div>
          <dt className="text-text-muted">Tokens this purchase granted</dt>
          <dd className="font-semibold">{tokens ? tokens.granted : "None"}</dd>
        </div>
        <div>
          <dt className="text-text-muted">Already spent / still unspent</dt>
          <dd className="font-semibold" data-testid="refund-tokens">
            {tokens ? `${tokens.spent} spent · ${tokens.unspent} unspent` : "—"}
          </dd>
        </div>
      </dl>
      {giftCard ? (
        <p className="text-sm text-text-muted">
          {giftCard.redeemed
            ? "The gift card was redeemed: a refund takes back its unspent tokens from whoever redeemed it."
            : "The gift card has not been redeemed: a full refund stops it from being redeemed."}{" "}
          The policy says gift cards are non-refundable: refund one only as an exception.
        </p>
      ) : null}
      {!canRefund ? (
        <p className="text-sm text-text-muted">Nothing left to refund on this payment.</p>
      ) : confirm ? (
        <section
          aria-labelledby="refund-confirm-heading"
          className="flex flex-col gap-4 rounded-2xl border border-border p-5"
          data-testid="refund-confirm"
        >
          <h2
            id="refund-confirm-heading"
            ref={confirmRef}
            tabIndex={-1}
            className="font-display text-lg font-semibold"
          >
            Confirm the refund
          </h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-text-muted">Amount refunded</dt>
              <dd className="font-semibold" data-testid="confirm-amount">
                {confirm.amount} ({payment.currency})
              </dd>
            </div>
            <div>
              <dt className="text-text-muted">Tokens that come back</dt>
              <dd className="font-semibold" data-testid="confirm-tokens-back">
                {tokens ? `${confirm.tokensBack} tokens, taken from the client's balance` : "None"}
              </dd>
            </div>
            <div>
              <dt className="text-text-muted">Tokens already spent</dt>
              <dd className="font-semibold" data-testid="confirm-tokens-spent">
                {tokens ? `${confirm.tokensSpent} tokens` : "None"}
              </dd>
            </div>
            <div>
              <dt className="text-text-muted">What stays with the client</dt>
              <dd className="font-semibold" data-testid="confirm-kept">
                {tokens
                  ? `${confirm.tokensKept} tokens of this purchase (${confirm.tokensSpent} spent). `
                  : ""}
                {`Of ${payment.amount} paid, ${confirm.kept} is not refunded.`}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-text-muted">Note for the audit log</dt>
              <dd>{confirm.reason || "—"}</dd>
            </div>
          </dl>
          <p className="text-sm text-text-muted">
            The client is sent the refund receipt by email and a notification. This cannot be undone.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <Form method="post">
              <input type="hidden" name="amount" value={confirm.amountInput} />
              <input type="hidden" name="reason" value={confirm.reason} />
              <input type="hidden" name="refunded_so_far" value={payment.refundedMinor} />
              <SubmitButton pendingLabel="Refunding…">Confirm refund of {confirm.amount}</SubmitButton>
            </Form>
            <Link
              to={`?${new URLSearchParams({ amount: confirm.amountInput, reason: confirm.reason })}`}
              className="text-sm font-semibold underline underline-offset-4"
            >
              Change the amount
            </Link>
          </div>
        </section>
      ) : (
        <Form method="get" className="flex flex-col gap-4 rounded-2xl border border-border p-5">
          <h2 className="font-display text-lg font-semibold">Refund</h2>
          <p className="text-sm text-text-muted">
            Up to {refundableLabel}. The policy refunds what the client has not used:{" "}
            {tokens
              ? `${suggested.label}, the share of the ${tokens.granted} tokens bought that is still unspent (${tokens.unspent}).`
              : `${suggested.label}.`}{" "}
            The client keeps the tokens already spent; you confirm on the next step.
          </p>
          {payment.outsideWindow ? (
            <p className="text-sm text-text-muted">
              Paid more than {REFUND_WINDOW_DAYS} days ago: the policy refunds tokens within{" "}
              {REFUND_WINDOW_DAYS} days of purchase.
            </p>
          ) : null}
          <input type="hidden" name="confirm" value="1" />
          <Field
            labelProps={{ children: `Amount (${payment.currency})` }}
            inputProps={{
              id: "refund-amount",
              name: "amount",
              required: true,
              defaultValue: loaderData.values.amount,
              inputMode: "decimal",
              pattern: "\\d{1,7}(\\.\\d{1,2})?",
            }}
            errors={loaderData.errors.amount}
            hint={`Suggested: ${suggested.input}`}
          />
          <Field
            labelProps={{ children: "Note for the audit log (optional)" }}
            inputProps={{
              id: "refund-reason",
              name: "reason",
              maxLength: 300,
              defaultValue: loaderData.values.reason,
            }}
            errors={loaderData.errors.reason}
          />
          <button
            type="submit"
            disabled={reviewing}
            aria-disabled={reviewing}
            className="self-start rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas disabled:opacity-70"
          >
            {reviewing ? "Opening…" : "Review refund"}
          </button>
        </Form>
      )}
      {documents.length ? (
        <section aria-labelledby="tax-documents" className="flex flex-col gap-2 text-sm">
          <h2 id="tax-documents" className="font-semibold">
            Tax invoice and credit notes
          </h2>
          <ul className="flex flex-wrap gap-3" data-testid="payment-tax-documents">
            {documents.map((d) => (
              <li key={d.id}>
                <a href={`/admin/invoices/${d.id}/pdf`} className="underline underline-offset-4" download>
                  {d.kind === "credit_note" ? "Credit note" : "Tax invoice"} {d.number}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refunds.length ? (
        <DataTable caption="Refunds" columns={["When", "Amount", "Status", "Tokens taken back", "Note"]}>
          {refunds.map((r) => (
            <tr key={r.id}>
              <td className={cell}>{formatDateTime(r.at)}</td>
              <td className={cell}>{r.amount}</td>
              <td className={cell}>{r.status}</td>
              <td className={cell}>
                {r.tokensTakenBack} ({r.tokensAlreadySpent} already spent)
              </td>
              <td className={cell}>{r.reason || "—"}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}
