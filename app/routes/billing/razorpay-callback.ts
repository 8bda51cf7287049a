import { data, redirect } from "react-router";
import { safeReturnPath } from "~models/billing/razorpay-gateway.server";
import { completeRazorpayCheckout } from "~models/billing/razorpay-checkout.server";
import { requireForm } from "~/lib/body/form.server";
import type { Route } from "./+types/razorpay-callback";

// POST /pay/razorpay/:paymentId/callback (docs/decisions/0080): Razorpay
// Checkout's answer, from our page (JavaScript on) or from Razorpay's hosted
// page (off, a cross-site form post: server.js lets this path through, its
// signature is the authentication). It is checked, the order confirmed when
// Razorpay says it is captured, and the payer sent back to the page they
// paid from, which shows the payment's state.

export function loader({ request, params }: Route.LoaderArgs) {
  // A reload of the address after the post: back to the payment page.
  const url = new URL(request.url);
  throw redirect(`/pay/razorpay/${encodeURIComponent(params.paymentId)}${url.search}`, 303);
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await requireForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.length <= 200 ? value : null;
  };
  const url = new URL(request.url);
  const done = safeReturnPath(url.searchParams.get("done"));
  const outcome = await completeRazorpayCheckout(params.paymentId, {
    razorpay_payment_id: field("razorpay_payment_id"),
    razorpay_order_id: field("razorpay_order_id"),
    razorpay_subscription_id: field("razorpay_subscription_id"),
    razorpay_signature: field("razorpay_signature"),
  });
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status });
  // The page the payer paid from says paid or pending (docs/decisions/0036).
  throw redirect(done, 303);
}
