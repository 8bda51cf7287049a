import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { addCardFields, addCardSchema } from "~models/billing/payment-methods";
import {
  addPaymentMethod,
  listSavedCards,
  setDefaultPaymentMethod,
} from "~models/billing/payment-methods.server";
import { removePaymentMethod } from "~models/views/account-billing.server";
import { paymentMode } from "~models/billing/payments.server";
import { AccountSection } from "~/components/account/section";
import { CardInputs } from "~/components/billing/payment-fields";
import { CardActionButton, SavedCardList } from "~/components/billing/saved-card";
import { CheckboxField, FormMessages, SubmitButton } from "~/components/forms";
import { memberOf } from "~/lib/membership.server";
import { refusalFor } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import type { Route } from "./+types/payment-methods";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { OUTCOME_PROPS } from "~/lib/outcome-focus";

// /manageaccount/billing/payment-methods: the cards the payment gateway keeps
// for the client (docs/decisions/0023). Add a card, make one the default (the
// card the plan renews with), remove one. Every form works without JavaScript.

export const meta: Route.MetaFunction = () => [{ title: "Payment methods — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  // With Stripe, cards are saved on Stripe's page and managed in its Customer Portal (docs/decisions/0036).
  const portal = new URL(request.url).searchParams.get("portal");
  // The organisation's cards are the billing right's (decision 0079).
  const refusal = refusalFor(member, "billing", "manage payment methods");
  return {
    refusal,
    cards: refusal ? [] : await listSavedCards(member.accountId),
    hosted: paymentMode() === "hosted",
    noStripeCards: portal === "none",
  };
}

type ActionData = {
  form: "add" | "card";
  result?: SubmissionResult<string[]>;
  ok: boolean;
  message?: string;
};
const reply = (body: ActionData, status = 200) => data<ActionData>(body, { status });
const HIDDEN = ["card_number", "card_cvc"];

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "billing", "manage payment methods");
  if (refused) return reply({ form: "card", ok: false, message: refused }, 403);
  const formData = await requireForm(request);
  const intent = formData.get("intent");
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: addCardSchema() });
    if (submission.status !== "success")
      return reply({ form: "add", ok: false, result: submission.reply({ hideFields: HIDDEN }) }, 400);
    const added = await addPaymentMethod(member.accountId, submission.value.card!, {
      makeDefault: submission.value.make_default,
    });
    if (!added.ok)
      return reply(
        {
          form: "add",
          ok: false,
          result: submission.reply({ formErrors: [added.message], hideFields: HIDDEN }),
        },
        added.status,
      );
    return reply({
      form: "add",
      ok: true,
      result: submission.reply({ resetForm: true }),
      message: added.message,
    });
  }
  const id = String(formData.get("id") ?? "");
  if (intent === "remove" || intent === "default") {
    const done =
      intent === "remove"
        ? await removePaymentMethod(member.accountId, id)
        : await setDefaultPaymentMethod(member.accountId, id);
    return reply({ form: "card", ok: done.ok, message: done.message }, done.ok ? 200 : done.status);
  }
  return reply({ form: "card", ok: false, message: "Unknown action." }, 400);
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, cards, hosted, noStripeCards } = loaderData;
  const schema = addCardSchema();
  const [form, fields] = useZodForm(schema, {
    id: "add-card-form",
    lastResult: actionData?.form === "add" ? actionData.result : undefined,
    constraintFrom: addCardFields,
  });
  const cardMessage = actionData?.form === "card" ? actionData : null;
  if (refusal)
    return (
      <div className="flex max-w-3xl flex-col gap-8">
        <header className="flex flex-col gap-2">
          <Link to="/manageaccount/billing" className="text-sm text-text-muted hover:text-text">
            ← Billing & Payments
          </Link>
          <h1 className="font-display text-3xl font-semibold">Payment methods</h1>
        </header>
        <RoleRefusal message={refusal} />
      </div>
    );
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to="/manageaccount/billing" className="text-sm text-text-muted hover:text-text">
          ← Billing & Payments
        </Link>
        <h1 className="font-display text-3xl font-semibold">Payment methods</h1>
        <p className="text-text-muted">
          Cards you saved for buying tokens, plans and gift cards. Making a card the default also makes it the
          card your plan renews with.
        </p>
      </header>
      <FormMessages
        success={cardMessage?.ok ? cardMessage.message : null}
        errors={cardMessage && !cardMessage.ok && cardMessage.message ? [cardMessage.message] : undefined}
      />

      <AccountSection
        id="saved-cards"
        title="Saved cards"
        intro="We keep only the card brand, its last four digits and the expiry; the payment provider holds the rest."
      >
        <SavedCardList
          cards={cards}
          testId="saved-card"
          actionsClass="flex gap-4"
          actions={(card) => (
            <>
              {card.isDefault ? null : (
                <CardActionButton card={card} intent="default">
                  Make default
                </CardActionButton>
              )}
              <CardActionButton card={card} intent="remove" danger>
                Remove
              </CardActionButton>
            </>
          )}
          empty={
            <p className="text-text-muted" data-testid="no-saved-cards">
              No saved card yet.
            </p>
          }
        />
      </AccountSection>

      {hosted ? (
        <AccountSection
          id="stripe-cards"
          title="Cards kept by Stripe"
          intro="When you pay on Stripe's page you can save your card there. See, add or remove those cards, and your invoices, on Stripe."
        >
          {noStripeCards ? (
            <p className="text-text-muted" role="status" {...OUTCOME_PROPS}>
              You have no cards with Stripe yet: choose to save one the next time you pay.
            </p>
          ) : null}
          <Form method="post" action="/manageaccount/billing/stripe-portal">
            <SubmitButton pendingLabel="Opening Stripe…">Manage cards on Stripe</SubmitButton>
          </Form>
        </AccountSection>
      ) : (
        <AccountSection id="add-card" title="Add a card">
          <Form method="post" className="grid gap-5 sm:grid-cols-2" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="add" />
            <FormMessages
              success={actionData?.form === "add" && actionData.ok ? actionData.message : null}
              errors={form.errors}
              errorId={form.errorId}
              className="sm:col-span-2"
            />
            <CardInputs fields={fields} />
            <div className="sm:col-span-2">
              <CheckboxField
                labelProps={{ children: "Make this my default card" }}
                inputProps={getInputProps(fields.make_default, { type: "checkbox" })}
              />
            </div>
            <p className="text-sm text-text-muted sm:col-span-2">
              Test mode: 4242 4242 4242 4242 is saved; 4000 0000 0000 0002 is declined. Saving a card charges
              nothing.
            </p>
            <SubmitButton
              intent="add"
              pendingLabel="Saving card…"
              className="self-start sm:col-span-2 sm:justify-self-start"
            >
              Save card
            </SubmitButton>
          </Form>
        </AccountSection>
      )}
    </div>
  );
}
