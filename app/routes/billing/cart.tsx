import { data, Form, Link, redirect } from "react-router";
import { MAX_CART_QUANTITY, SHOP_MESSAGES, UpdateCartItemSchema } from "~models/billing/shop";
import { clearCart, getCart, removeCartItem, updateCartItem } from "~models/billing/shop.server";
import { ActionNotice, Tokens } from "~/components/billing/notice";
import { PostButton } from "~/components/billing/post-button";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/cart";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [
  { title: "Your cart — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  return { cart: await getCart(member.accountId) };
}

type Notice = { tone: "success" | "error"; message: string };
type Refused = { line: string; quantity: string };
const answer = (notice: Notice, status = 200) => data({ notice }, { status });

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const form = Object.fromEntries(await requireForm(request));
  const cartItemId = String(form.cart_item_id ?? "");
  switch (form.intent) {
    case "update": {
      // A refused quantity goes back into its line's field, as typed.
      const refused: Refused = { line: cartItemId, quantity: String(form.quantity ?? "") };
      const parsed = UpdateCartItemSchema.safeParse(form);
      if (!parsed.success)
        return data(
          { notice: { tone: "error", message: SHOP_MESSAGES.quantityInvalid } as Notice, refused },
          { status: 400 },
        );
      const result = await updateCartItem(member.accountId, cartItemId, parsed.data.quantity);
      return result.ok
        ? answer({ tone: "success", message: result.message })
        : data(
            { notice: { tone: "error", message: result.message } as Notice, refused },
            { status: result.status },
          );
    }
    case "remove": {
      const result = await removeCartItem(member.accountId, cartItemId);
      return result.ok
        ? answer({ tone: "success", message: result.message })
        : answer({ tone: "error", message: result.message }, result.status);
    }
    case "clear":
      return answer({ tone: "success", message: (await clearCart(member.accountId)).message });
    case "checkout":
      // Nothing is spent from the cart itself: the confirm step shows what a checkout spends first (decision 0049).
      return redirect("/cart/checkout", 303);
    default:
      return answer({ tone: "error", message: "Unknown action." }, 400);
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const refused: Refused | null =
    actionData && "refused" in actionData ? (actionData.refused as Refused) : null;
  const short = cart.total_token_price - cart.balance;
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold sm:text-4xl">Your cart</h1>
          <p className="text-text-muted">
            You have <Tokens value={cart.balance} testId="cart-balance" />.
          </p>
        </div>
        <Link to="/dashboard2/shop" className="text-sm font-semibold underline-offset-4 hover:underline">
          Continue shopping
        </Link>
      </header>

      <ActionNotice notice={actionData?.notice} />

      {cart.items.length ? (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface">
            {cart.items.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
                <img
                  src={line.shop_item.image}
                  alt=""
                  width={96}
                  height={72}
                  className="h-18 w-24 rounded-lg object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.shop_item.name}</p>
                  <p className="text-sm text-text-muted">
                    {line.shop_item.token_price} tokens each · {line.line_total} tokens
                  </p>
                </div>
                <Form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="cart_item_id" value={line.id} />
                  <label htmlFor={`qty-${line.id}`} className="sr-only">
                    Quantity of {line.shop_item.name}
                  </label>
                  <input
                    id={`qty-${line.id}`}
                    type="number"
                    name="quantity"
                    min={0}
                    max={MAX_CART_QUANTITY}
                    defaultValue={refused?.line === line.id ? refused.quantity : line.quantity}
                    key={refused?.line === line.id ? `refused-${refused.quantity}` : line.quantity}
                    className="w-20 rounded-xl border border-border bg-canvas px-3 py-2"
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="update"
                    className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
                  >
                    Update
                  </button>
                </Form>
                <PostButton
                  intent="remove"
                  fields={{ cart_item_id: line.id }}
                  className="px-2 py-2 text-sm text-text-muted hover:text-text"
                  label={`Remove ${line.shop_item.name}`}
                >
                  Remove
                </PostButton>
              </li>
            ))}
          </ul>

          <section aria-label="Summary" className="flex flex-col gap-4 rounded-2xl border border-border p-6">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-text-muted">Items</dt>
              <dd className="text-right" data-testid="cart-total-items">
                {cart.total_items}
              </dd>
              <dt className="text-text-muted">Total</dt>
              <dd className="text-right font-display text-xl font-semibold" data-testid="cart-total">
                {cart.total_token_price} tokens
              </dd>
            </dl>
            {!cart.can_afford ? (
              <p className="text-sm text-text-muted">
                You need {short} more {short === 1 ? "token" : "tokens"} for this cart.{" "}
                <Link
                  to="/dashboard2/billing/tokens"
                  className="font-semibold text-text underline underline-offset-4"
                >
                  Get tokens
                </Link>
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <PostButton intent="clear" className="text-sm text-text-muted hover:text-text">
                Clear cart
              </PostButton>
              {/* Checkout is enabled only when the tokens cover the cart (docs/product.md, "Billing and shop"); it
                  opens the confirm step, which shows what it spends before anything is (decision 0049). */}
              {cart.can_afford ? (
                <Link
                  to="/cart/checkout"
                  className="inline-flex items-center justify-center rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
                  data-testid="checkout-review"
                >
                  Checkout
                </Link>
              ) : (
                <button
                  type="button"
                  disabled
                  className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas opacity-50"
                >
                  Checkout
                </button>
              )}
            </div>
          </section>
        </>
      ) : (
        <div
          className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-8"
          role="status"
        >
          <p className="font-display text-lg font-semibold">Your cart is empty.</p>
          <p className="text-text-muted">Find templates, assets, tools and graphics in the shop.</p>
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
