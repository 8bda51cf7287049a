import { classes } from "~/lib/classes";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { apiTokenPackage } from "~models/billing/api";
import { listTokenPackages } from "~models/billing/catalog.server";
import { formatRegionPrice, REGION_CURRENCIES, REGION_LABELS } from "~models/billing/currency";
import { chargeRegion, regionForRequest } from "~models/billing/currency.server";
import { newIdempotencyKey } from "~models/billing/payments";
import { listSavedCards } from "~models/billing/payment-methods.server";
import { checkoutState, gatewayFor, paymentMode } from "~models/billing/payments.server";
import { purchaseTokensFields, purchaseTokensSchema } from "~models/billing/token-packages";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { Tokens } from "~/components/billing/notice";
import { PaymentStep, paymentDefaults } from "~/components/billing/payment-fields";
import { ErrorList, FormMessages, SubmitButton } from "~/components/forms";
import { PaymentNotice } from "~/components/payment-mode";
import { checkoutParams, checkoutReturn, paymentNotices } from "~/lib/checkout.server";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, whoseSummary } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import type { Route } from "./+types/buy-tokens";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { cardsOnOurPage as cardsOnPage } from "~models/billing/payments";

export const meta: Route.MetaFunction = () => [{ title: "Buy Creative Tokens — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const params = new URL(request.url).searchParams;
  const back = checkoutParams(request);
  const checkout = await checkoutState(back.paymentId, member.accountId, back.cancelled);
  const [packages, balance, savedCards, { region }] = await Promise.all([
    listTokenPackages(),
    accountSummaryForRequest(request, whoseSummary(member)).then((summary) => summary.balance),
    listSavedCards(member.accountId),
    regionForRequest(request, member.accountId),
  ]);
  const chosen =
    packages.find((p) => p.id === params.get("package")) ?? packages.find((p) => p.isPopular) ?? packages[0];
  return {
    balance,
    region,
    // A role without the right to buy sees why, and no payment form (decision 0079).
    refusal: refusalFor(member, "buy", "buy tokens"),
    chosen: chosen?.id ?? "",
    // One currency, the client's (docs/decisions/0059); the charge is this price.
    packages: packages.map((p) => ({
      ...apiTokenPackage(p, region),
      label: formatRegionPrice(p.prices, region),
    })),
    idempotencyKey: newIdempotencyKey(),
    savedCards,
    mode: paymentMode(),
    notices: paymentNotices(paymentMode(), checkout, gatewayFor(REGION_CURRENCIES[region]).name),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  if (refusalFor(member, "buy")) return data({ result: undefined, success: null }, { status: 403 });
  const mode = paymentMode();
  const schema = purchaseTokensSchema({ cardRequired: cardsOnPage(mode) });
  const formData = await requireForm(request);
  const hideFields = ["card_number", "card_cvc"];
  // Charged in the currency the page showed, which is the client's; if it changed since, nothing is charged.
  const shown = await chargeRegion(request, member.accountId, formData);
  const submission = parseWithZod(formData, { schema });
  if (!shown.ok)
    return data(
      { result: submission.reply({ formErrors: [shown.message], hideFields }), success: null },
      { status: 409 },
    );
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields }), success: null }, { status: 400 });
  const result = await purchaseTokens(
    member.accountId,
    submission.value,
    new Date(),
    checkoutReturn(request, "/dashboard2/billing/tokens"),
  );
  // Stripe Checkout: on to Stripe's page; the webhook adds the tokens (docs/decisions/0036).
  if (!result.ok && result.status === 303) throw redirect(result.checkoutUrl, 303);
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields })
      : submission.reply({ formErrors: [result.message], hideFields });
    return data({ result: reply, success: null }, { status: result.status });
  }
  return { result: submission.reply({ resetForm: true }), success: result.message };
}

export default function BuyTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { packages, balance, region, refusal, chosen, idempotencyKey, savedCards, mode, notices } =
    loaderData;
  const cardsOnOurPage = cardsOnPage(mode);
  const schema = purchaseTokensSchema({ cardRequired: cardsOnOurPage });
  const [form, fields] = useZodForm(schema, {
    id: "buy-tokens",
    lastResult: actionData?.result,
    constraintFrom: purchaseTokensFields,
    defaultValue: { package_id: chosen, region, ...paymentDefaults(savedCards) },
  });
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to="/dashboard2/billing" className="text-sm text-text-muted hover:text-text">
          ← Billing & Tokens
        </Link>
        <h1 className="font-display text-3xl font-semibold">Buy Creative Tokens</h1>
        <p className="text-text-muted">
          You have <Tokens value={balance} testId="buy-balance" />. New tokens are valid for 90 days.
        </p>
        <PaymentNotice notice={notices.banner} />
        <PaymentNotice notice={notices.checkout} outcome />
        <RoleRefusal message={refusal} />
      </header>
      {mode === "none" || refusal ? null : (
        <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
          <FormMessages success={actionData?.success} errors={form.errors} errorId={form.errorId}>
            {actionData?.success ? (
              <>
                {" "}
                <Link to="/dashboard2/shop" className="font-semibold underline underline-offset-4">
                  Spend them in the shop
                </Link>
              </>
            ) : null}
          </FormMessages>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 font-display text-sm font-semibold">Package</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {packages.map((pkg) => (
                <label
                  key={pkg.id}
                  className={classes(
                    "relative flex cursor-pointer flex-col gap-1 rounded-2xl border",
                    "border-border bg-surface p-5 has-[:checked]:border-yellow",
                    "has-[:checked]:shadow-[0_0_0_1px_var(--color-yellow)]",
                  )}
                >
                  <input
                    {...getInputProps(fields.package_id, { type: "radio", value: pkg.id })}
                    key={pkg.id}
                    id={`${fields.package_id.id}-${pkg.id}`}
                    className="sr-only"
                  />
                  {pkg.is_popular ? (
                    <span className="absolute -top-3 left-5 rounded-full bg-yellow px-3 py-0.5 text-xs font-bold text-yellow-ink">
                      Most popular
                    </span>
                  ) : null}
                  <span className="font-display text-lg font-semibold">{pkg.name}</span>
                  <span className="text-2xl font-bold">{pkg.total_tokens} tokens</span>
                  <span className="text-sm text-text-muted">
                    {pkg.bonus_tokens ? `${pkg.tokens} + ${pkg.bonus_tokens} bonus` : "No bonus"}
                  </span>
                  <span className="mt-2 text-lg font-semibold" data-testid="package-price">
                    {pkg.label}
                  </span>
                </label>
              ))}
            </div>
            <ErrorList errors={fields.package_id.errors} />
          </fieldset>
          <p className="text-sm text-text-muted">
            <input type="hidden" name="region" value={region} />
            Prices in {REGION_LABELS[region]}.{" "}
            <Link
              to="/dashboard2/billing#currency-title"
              className="font-semibold underline underline-offset-4"
            >
              Change currency
            </Link>
          </p>
          <PaymentStep
            cardsOnOurPage={cardsOnOurPage}
            hostedNotice={notices.hosted}
            fields={fields}
            idempotencyKey={idempotencyKey}
            savedCards={savedCards}
            canSaveCard
          />
          <SubmitButton pendingLabel="Processing payment…" className="self-start">
            {cardsOnOurPage ? "Pay and add tokens" : "Continue to payment"}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
