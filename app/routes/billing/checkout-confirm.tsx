import { data, Form, Link, redirect } from "react-router";
import { newIdempotencyKey } from "~models/billing/payments";
import { CheckoutSchema, SHOP_MESSAGES } from "~models/billing/shop";
import { checkout, getCart } from "~models/billing/shop.server";
import { getCompletedCheckout } from "~models/billing/completed-checkout.server";
import { previewSpend } from "~models/billing/wallet.server";
import { ActionNotice } from "~/components/billing/notice";
import { SubmitButton } from "~/components/forms";
import { SpendPreview } from "~/components/wallet/spend-preview";
import { memberOf } from "~/lib/membership.server";
import { refusalFor } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { requireForm } from "~/lib/body/form.server";
import type { Route } from "./+types/checkout-confirm";

// The checkout's confirm step (decision 0049): what the cart costs, the
// balance after and the grants it draws from, before anything is spent. A
// page of its own, so it works the same with JavaScript off; the confirm form
// carries the total shown, and a cart that changed meanwhile is not charged.
// A checkout that went through leads (303) to this address with ?complete=
// and its key: the order, complete, with each purchase's download; a reload
// spends nothing.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && "complete" in loaderData
        ? "Order complete — Ascendra"
        : "Confirm your checkout — Ascendra",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const completed = new URL(request.url).searchParams.get("complete");
  const complete = completed ? await getCompletedCheckout(member.accountId, completed) : null;
  if (complete) return { complete };
  const cart = await getCart(member.accountId);
  const preview = await previewSpend(member.accountId, cart.total_token_price);
  // A role without the right to check out sees why, and no confirm button (decision 0079).
  const refusal = refusalFor(member, "buy", "check out the cart");
  // A fresh key per page view: a confirm form submitted twice carries the same one and is charged once.
  return { cart, preview, refusal, checkoutKey: newIdempotencyKey() };
}

type Notice = { tone: "success" | "error"; message: string };

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "buy", "check out the cart");
  if (refused) return data({ notice: { tone: "error", message: refused } as Notice }, { status: 403 });
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
  const result = await checkout(member.accountId, {
    actorId: member.person.id,
    idempotencyKey: parsed.data.idempotency_key,
    expectedTotal: parsed.data.expected_total,
  });
  if (!result.ok)
    return data({ notice: { tone: "error", message: result.message } as Notice }, { status: result.status });
  const key = parsed.data.idempotency_key;
  if (key) throw redirect(`/cart/checkout?${new URLSearchParams({ complete: key })}`, 303);
  return { notice: { tone: "success", message: result.message } as Notice };
}

export default function ConfirmCheckout({ loaderData, actionData }: Route.ComponentProps) {
  if ("complete" in loaderData && loaderData.complete) return <OrderComplete order={loaderData.complete} />;
  const { cart, preview, refusal, checkoutKey } = loaderData;
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold sm:text-4xl">Confirm your checkout</h1>
        <Link to="/cart" className="text-sm font-semibold underline-offset-4 hover:underline">
          Back to your cart
        </Link>
      </header>

      <ActionNotice notice={actionData?.notice} />

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

          {refusal ? (
            <RoleRefusal message={refusal} />
          ) : preview.enough ? (
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

/**
 * After the checkout: the order is complete, with a download for each item
 * (the purchases page's own action starts it and counts it) and where the
 * receipt is. Nothing leads back to the cart, which is empty now.
 */
type CompletedCheckout = NonNullable<Awaited<ReturnType<typeof getCompletedCheckout>>>;

function OrderComplete({ order }: { order: CompletedCheckout }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-5 py-12 lg:px-8">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Order complete</h1>
      <ActionNotice notice={{ tone: "success", message: order.message }}>
        {" "}
        {SHOP_MESSAGES.receiptSent}
      </ActionNotice>
      <section aria-labelledby="bought" className="flex flex-col gap-3">
        <h2 id="bought" className="font-display text-lg font-semibold">
          Your downloads
        </h2>
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
          {order.purchases.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-4 p-4 text-sm"
              data-testid="bought-line"
            >
              <span className="flex flex-col gap-1">
                <span className="font-semibold">
                  {p.shop_item.name}
                  {p.quantity > 1 ? ` × ${p.quantity}` : ""}
                </span>
                <span className="text-text-muted">
                  {p.tokens_spent} tokens · {p.shop_item.file_format}, {p.shop_item.file_size}
                </span>
              </span>
              {p.can_download ? (
                <Form method="post" action="/dashboard2/purchases">
                  <input type="hidden" name="purchase_id" value={p.id} />
                  <button
                    type="submit"
                    className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
                    aria-label={`Download ${p.shop_item.name}`}
                  >
                    Download
                  </button>
                </Form>
              ) : (
                <span className="text-text-muted">{SHOP_MESSAGES.downloadLimitReached}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {/* A document of its own (its own CSP), not a page of the app: a plain link. */}
        <a
          href={`/manageaccount/checkouts/${order.id}/receipt`}
          className="font-semibold underline underline-offset-4"
        >
          Your receipt
        </a>
        <Link to="/dashboard2/purchases" className="font-semibold underline underline-offset-4">
          Go to My Purchases
        </Link>
        <Link to="/dashboard2/shop" className="font-semibold underline underline-offset-4">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
