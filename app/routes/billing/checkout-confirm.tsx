import { data, Form, Link } from "react-router";
import { newIdempotencyKey } from "~models/billing/payments";
import { CheckoutSchema, SHOP_MESSAGES } from "~models/billing/shop";
import { checkout, getCart } from "~models/billing/shop.server";
import { previewSpend } from "~models/billing/wallet.server";
import { ActionNotice } from "~/components/billing/notice";
import { SubmitButton } from "~/components/forms";
import { SpendPreview } from "~/components/wallet/spend-preview";
import { requireUser } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import type { Route } from "./+types/checkout-confirm";

// The checkout's confirm step (decision 0049): what the cart costs, the
// balance after and the grants it draws from, before anything is spent. A
// page of its own, so it works the same with JavaScript off; the confirm form
// carries the total shown, and a cart that changed meanwhile is not charged.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your checkout — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const cart = await getCart(user.id);
  const preview = await previewSpend(user.id, cart.total_token_price);
  // A fresh key per page view: a confirm form submitted twice carries the same one and is charged once.
  return { cart, preview, checkoutKey: newIdempotencyKey() };
}

type Notice = { tone: "success" | "error"; message: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await requireForm(request));
  if (form.intent !== "checkout")
    return data({ notice: { tone: "error", message: "Unknown action." } as Notice }, { status: 400 });
  const parsed = CheckoutSchema.safeParse(form);
  // Without the total the client saw, nothing is spent: confirm from the preview.
  if (!parsed.success || parsed.data.expected_total === undefined)
    return data(
      { notice: { tone: "error", message: "Review the total before you confirm." } as Notice },
      { status: 400 },
    );
  const result = await checkout(user.id, {
    idempotencyKey: parsed.data.idempotency_key,
    expectedTotal: parsed.data.expected_total,
  });
  return result.ok
    ? data({ notice: { tone: "success", message: result.message } as Notice, checkedOut: true })
    : data({ notice: { tone: "error", message: result.message } as Notice }, { status: result.status });
}

export default function ConfirmCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, preview, checkoutKey } = loaderData;
  const checkedOut = actionData && "checkedOut" in actionData;
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold sm:text-4xl">Confirm your checkout</h1>
        <Link to="/cart" className="text-sm font-semibold underline-offset-4 hover:underline">
          Back to your cart
        </Link>
      </header>

      <ActionNotice notice={actionData?.notice}>
        {checkedOut ? (
          <>
            {" "}
            <Link to="/dashboard2/purchases" className="font-semibold underline underline-offset-4">
              Go to My Purchases
            </Link>
          </>
        ) : null}
      </ActionNotice>

      {cart.items.length ? (
        <>
          <section aria-labelledby="buying" className="flex flex-col gap-3">
            <h2 id="buying" className="font-display text-lg font-semibold">
              You are buying
            </h2>
            <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
              {cart.items.map((line) => (
                <li
                  key={line.id}
                  className="flex justify-between gap-4 p-4 text-sm"
                  data-testid="confirm-line"
                >
                  <span>
                    {line.shop_item.name}
                    {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                  </span>
                  <span>{line.line_total} tokens</span>
                </li>
              ))}
            </ul>
          </section>

          <SpendPreview
            cost={preview.cost}
            balance={preview.balance}
            after={preview.enough ? preview.after : preview.balance - preview.cost}
            lots={preview.lots}
          />

          {preview.enough ? (
            <Form method="post" className="flex flex-wrap items-center justify-end gap-3">
              <input type="hidden" name="idempotency_key" value={checkoutKey} />
              <input type="hidden" name="expected_total" value={preview.cost} />
              <Link to="/cart" className="px-4 py-3 text-sm font-semibold text-text-muted hover:text-text">
                Cancel
              </Link>
              <SubmitButton name="intent" value="checkout" intent="checkout" pendingLabel="Checking out…">
                Confirm and spend {preview.cost} tokens
              </SubmitButton>
            </Form>
          ) : (
            <p className="text-sm" role="status">
              {SHOP_MESSAGES.insufficient(preview.cost, preview.balance)}{" "}
              <Link to="/dashboard2/billing/tokens" className="font-semibold underline underline-offset-4">
                Get tokens
              </Link>
            </p>
          )}
        </>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-8">
          <p className="font-display text-lg font-semibold">{SHOP_MESSAGES.cartEmpty}</p>
          <Link
            to="/dashboard2/shop"
            className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
          >
            Browse the shop
          </Link>
        </div>
      )}
    </div>
  );
}
