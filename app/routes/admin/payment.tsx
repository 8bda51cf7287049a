import { data, Form, Link } from "react-router";
import { type Currency } from "~models/billing/payments";
import { formatMinor } from "~models/billing/money";
import { refundFormSchema } from "~models/billing/refunds";
import { refundPayment, refundPreview } from "~models/billing/refunds.server";
import { ActionMessage, cell, DataTable, PageHeader } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import { notFoundResponse } from "~/lib/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { requireForm } from "~/lib/body/form.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/payment";

// One payment for staff, and its refund (docs/decisions/0036): the tokens the
// purchase granted, spent and unspent, are shown before staff confirm; the
// refund takes back the unspent ones (never below zero) and is audited.

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Receipt #${data.payment.number}` : "Payment");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const preview = await refundPreview(params.id);
  if (!preview) throw notFoundResponse();
  const money = (minor: number) => formatMinor(minor, preview.payment.currency as Currency);
  return {
    payment: {
      id: preview.payment.id,
      number: preview.payment.number,
      description: preview.payment.description,
      amount: money(preview.payment.amountMinor),
      refunded: money(preview.payment.refundedMinor),
      status: preview.payment.status,
      gateway: preview.payment.gateway,
      paidAt: preview.payment.completedAt,
    },
    client: preview.clientEmail,
    refundable: preview.refundableMinor,
    refundableLabel: money(preview.refundableMinor),
    refundableInput: (preview.refundableMinor / 100).toFixed(2),
    tokens: preview.tokens,
    giftCard: preview.giftCard,
    refunds: preview.refunds.map((r) => ({
      id: r.id,
      amount: money(r.amountMinor),
      status: r.status,
      tokensTakenBack: r.tokensTakenBack,
      tokensAlreadySpent: r.tokensAlreadySpent,
      reason: r.reason,
      at: r.completedAt ?? r.createdAt,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const parsed = refundFormSchema.safeParse(Object.fromEntries(await requireForm(request)));
  if (!parsed.success)
    return data({ tone: "error" as const, message: parsed.error.issues[0]!.message }, { status: 400 });
  const result = await refundPayment({
    paymentId: params.id,
    amountMinor: parsed.data.amount,
    reason: parsed.data.reason,
    staff: { id: actor.id, ip: actor.ip },
  });
  if (!result.ok) {
    if (result.status === 404) throw notFoundResponse();
    return data({ tone: "error" as const, message: result.message }, { status: result.status });
  }
  return { tone: "success" as const, message: result.message };
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, client, refundable, refundableLabel, refundableInput, tokens, giftCard, refunds } =
    loaderData;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/payments" className="text-sm text-text-muted hover:text-text">
        ← Payments
      </Link>
      <PageHeader
        title={`Receipt #${payment.number}`}
        description={`${payment.description} · ${payment.amount} · ${client ?? "no account"} · ${payment.gateway} gateway`}
      />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
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
            : "The gift card has not been redeemed: a full refund stops it from being redeemed."}
        </p>
      ) : null}
      {refundable > 0 && payment.status === "succeeded" ? (
        <Form method="post" className="flex flex-col gap-4 rounded-2xl border border-border p-5">
          <h2 className="font-display text-lg font-semibold">Refund</h2>
          <p className="text-sm text-text-muted">
            Up to {refundableLabel}. The client keeps the tokens already spent; a full refund takes back all
            {tokens ? ` ${tokens.unspent}` : ""} unspent tokens of this purchase, a partial one its share.
          </p>
          <label className="flex flex-col gap-1 text-sm">
            Amount
            <input
              name="amount"
              required
              defaultValue={refundableInput}
              inputMode="decimal"
              pattern="\d{1,7}(\.\d{1,2})?"
              className="max-w-48 rounded-xl border border-border bg-canvas px-3 py-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Note for the audit log (optional)
            <input
              name="reason"
              maxLength={300}
              className="rounded-xl border border-border bg-canvas px-3 py-2"
            />
          </label>
          <SubmitButton pendingLabel="Refunding…" className="self-start">
            Refund
          </SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-text-muted">Nothing left to refund on this payment.</p>
      )}
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
