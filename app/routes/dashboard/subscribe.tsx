import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { getPlan } from "~models/billing/catalog.server";
import { formatRegionPrice, planPrices, REGION_CURRENCIES } from "~models/billing/currency";
import { regionForRequest } from "~models/billing/currency.server";
import { newIdempotencyKey } from "~models/billing/payments";
import { listSavedCards } from "~models/billing/payment-methods.server";
import { checkoutState, gatewayFor, paymentMode } from "~models/billing/payments.server";
import { SUBSCRIPTION_MESSAGES, subscribeFields, subscribeSchema } from "~models/billing/subscriptions";
import { planCanBeKept, subscribe } from "~models/billing/subscriptions.server";
import { PaymentStep, paymentDefaults } from "~/components/billing/payment-fields";
import { FormMessages, SubmitButton } from "~/components/forms";
import { PaymentNotice } from "~/components/payment-mode";
import { checkoutParams, checkoutReturn, paymentNotices } from "~/lib/checkout.server";
import { chargeRegion } from "~models/billing/currency.server";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, whoseSummary } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/subscribe";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { CheckIcon } from "~/components/icons";
import { cardsOnOurPage as cardsOnPage } from "~models/billing/payments";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.plan.name ?? "Plan"} — Subscribe — Ascendra` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const back = checkoutParams(request);
  const [plan, active, savedCards, checkout, { region }] = await Promise.all([
    getPlan(params.planId),
    accountSummaryForRequest(request, whoseSummary(member)).then((summary) => summary.active),
    listSavedCards(member.accountId),
    checkoutState(back.paymentId, member.accountId, back.cancelled),
    regionForRequest(request, member.accountId),
  ]);
  if (!plan || !plan.isActive) throw data(null, { status: 404 });
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      // In the client's one currency; the form says which, so the charge is this price (decision 0059).
      price: formatRegionPrice(planPrices(plan), region),
      monthlyTokens: plan.monthlyTokens,
      projectLimit: plan.projectLimit,
      features: plan.features,
    },
    current: active
      ? {
          planId: active.plan.id,
          name: active.plan.name,
          endsAt: active.subscription.currentPeriodEnd,
          cancelling: active.subscription.cancelAtPeriodEnd,
          keepable: await planCanBeKept(active.subscription),
        }
      : null,
    region,
    // A role without the right to buy sees why, and no payment form (decision 0079).
    refusal: refusalFor(member, "buy", "change the plan"),
    idempotencyKey: newIdempotencyKey(),
    savedCards,
    mode: paymentMode(),
    notices: paymentNotices(paymentMode(), checkout, gatewayFor(REGION_CURRENCIES[region]).name),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "buy", "change the plan");
  if (refused) return data({ result: undefined, success: null, error: refused }, { status: 403 });
  const mode = paymentMode();
  const schema = subscribeSchema({ cardRequired: cardsOnPage(mode) });
  const formData = await requireForm(request);
  formData.set("plan_id", params.planId);
  if (formData.get("intent") === "resume") {
    // Keeping a plan that is set to end charges nothing, so no card is asked for.
    const result = await subscribe(member.accountId, {
      plan_id: params.planId,
      payment_method: "credit_card",
      payment_method_id: null,
      card: null,
    });
    return data(
      {
        result: undefined,
        success: result.ok ? result.message : null,
        error: result.ok ? null : result.message,
      },
      { status: result.ok ? 200 : result.status },
    );
  }
  // The charge is in the currency the page showed; if the account's currency changed since, say so.
  const shown = await chargeRegion(request, member.accountId, formData);
  if (!shown.ok) return data({ result: undefined, success: null, error: shown.message }, { status: 409 });
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["card_number", "card_cvc"];
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields }), success: null, error: null }, { status: 400 });
  const result = await subscribe(
    member.accountId,
    submission.value,
    new Date(),
    checkoutReturn(request, `/dashboard2/billing/plans/${encodeURIComponent(params.planId)}`),
  );
  // Stripe Checkout: on to Stripe's page; the webhook starts the plan (docs/decisions/0036).
  if (!result.ok && result.status === 303) throw redirect(result.checkoutUrl, 303);
  if (!result.ok)
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields }), success: null, error: null },
      { status: result.status },
    );
  return { result: submission.reply({ resetForm: true }), success: result.message, error: null };
}

export default function SubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, current, refusal, idempotencyKey, savedCards, mode, notices, region } = loaderData;
  const cardsOnOurPage = cardsOnPage(mode);
  const schema = subscribeSchema({ cardRequired: cardsOnOurPage });
  const [form, fields] = useZodForm(schema, {
    id: "subscribe",
    lastResult: actionData?.result,
    constraintFrom: subscribeFields,
    defaultValue: { ...paymentDefaults(savedCards) },
  });
  const onThisPlan = current?.planId === plan.id && !current.cancelling;
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to="/dashboard2/billing" className="text-sm text-text-muted hover:text-text">
          ← Billing & Tokens
        </Link>
        <h1 className="font-display text-3xl font-semibold">Subscribe to {plan.name}</h1>
        <p className="text-text-muted">
          {plan.price} a month · {plan.monthlyTokens} Creative Tokens every month ·{" "}
          {plan.projectLimit === -1
            ? "unlimited active projects"
            : `${plan.projectLimit} active project${plan.projectLimit === 1 ? "" : "s"} at a time`}
        </p>
        <PaymentNotice notice={notices.banner} />
        <PaymentNotice notice={notices.checkout} outcome />
      </header>
      <ul className="flex flex-col gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 shrink-0 text-green" />
            {feature}
          </li>
        ))}
      </ul>
      {actionData?.success ? (
        <FormMessages success={actionData.success}>
          {" "}
          <Link to="/dashboard2/billing" className="font-semibold underline underline-offset-4">
            See your plan
          </Link>
        </FormMessages>
      ) : onThisPlan ? (
        <p className="rounded-2xl border border-border p-5" role="status">
          You are on this plan. It renews on {formatDate(current.endsAt)}.
        </p>
      ) : refusal ? (
        <RoleRefusal message={refusal} />
      ) : current?.planId === plan.id && !current.keepable ? (
        <p className="rounded-2xl border border-border p-5" role="status">
          {SUBSCRIPTION_MESSAGES.endsForGood(current.name, formatDate(current.endsAt))}
        </p>
      ) : current?.planId === plan.id ? (
        <Form method="post" className="flex flex-col items-start gap-4">
          <FormMessages errors={actionData?.error ? [actionData.error] : undefined} />
          {actionData?.error ? (
            <Link
              to="/manageaccount/billing/payment-methods"
              className="text-sm font-semibold underline underline-offset-4"
            >
              Payment methods
            </Link>
          ) : null}
          <p className="text-text-muted">
            Your {current.name} plan is set to end on {formatDate(current.endsAt)}. Keep it, and it renews as
            before; nothing is charged today.
          </p>
          <SubmitButton intent="resume" pendingLabel="Saving…">
            Keep my plan
          </SubmitButton>
          <input type="hidden" name="intent" value="resume" />
        </Form>
      ) : mode === "none" ? null : (
        <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
          <FormMessages
            errors={actionData?.error ? [actionData.error] : form.errors}
            errorId={form.errorId}
          />
          <input type="hidden" name="plan_id" value={plan.id} />
          <input type="hidden" name="region" value={region} />
          {current ? (
            <p className="text-sm text-text-muted">
              Your {current.name} plan ends when this one starts; the first month of {plan.name} is charged
              now.
            </p>
          ) : null}
          <PaymentStep
            cardsOnOurPage={cardsOnOurPage}
            hostedNotice={notices.hosted}
            fields={fields}
            idempotencyKey={idempotencyKey}
            savedCards={savedCards}
            canSaveCard
          />
          <SubmitButton pendingLabel="Processing payment…" className="self-start">
            Subscribe for {plan.price} a month
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
