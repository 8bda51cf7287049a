import { useRef, useState, type FormEvent } from "react";
import { data, redirect } from "react-router";
import { safeReturnPath } from "~models/billing/razorpay-gateway.server";
import { RAZORPAY_MESSAGES, razorpayCheckoutPage } from "~models/billing/razorpay-checkout.server";
import { findMember } from "~/lib/membership.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/razorpay-pay";

// /pay/razorpay/:paymentId (docs/decisions/0080): the pending payment our
// form just opened at Razorpay. With JavaScript, the button opens Razorpay
// Checkout on this page (its script, from checkout.razorpay.com, loaded only
// on click); without, the same button posts the form to Razorpay's hosted
// checkout. Either way Razorpay posts its signed answer to our callback.

export const meta: Route.MetaFunction = () => [
  { title: "Pay with Razorpay — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  // A payment belongs to the organisation that started it: any of its members may finish it.
  const member = await findMember(request);
  const url = new URL(request.url);
  const done = safeReturnPath(url.searchParams.get("done"));
  const cancel = safeReturnPath(url.searchParams.get("cancel"), done);
  const page = await razorpayCheckoutPage(params.paymentId, member?.accountId ?? null);
  if (page === "done") throw redirect(done, 303);
  if (!page) throw data(null, { status: 404 });
  const origin = new URL(publicBaseUrl(request)).origin;
  const back = new URLSearchParams({ done, cancel });
  return {
    ...page,
    callbackPath: `/pay/razorpay/${page.paymentId}/callback?${back}`,
    callbackUrl: `${origin}/pay/razorpay/${page.paymentId}/callback?${back}`,
    cancelUrl: `${origin}${cancel}`,
    cancelPath: cancel,
    methods: RAZORPAY_MESSAGES.methods,
  };
}

type RazorpayAnswer = {
  razorpay_payment_id: string;
  razorpay_order_id?: string;
  razorpay_subscription_id?: string;
  razorpay_signature: string;
};
type RazorpayCheckout = new (options: Record<string, unknown>) => { open(): void };

/** Loads Razorpay's Checkout script once (the page's CSP allows its origin only when Razorpay is configured). */
function loadCheckout(src: string): Promise<RazorpayCheckout> {
  const existing = (window as unknown as { Razorpay?: RazorpayCheckout }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayCheckout }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("Razorpay Checkout did not load"));
    };
    script.onerror = () => reject(new Error("Razorpay Checkout did not load"));
    document.head.appendChild(script);
  });
}

export default function RazorpayPay({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const hosted = useRef<HTMLFormElement>(null);
  const callback = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState("");

  async function openCheckout(event: FormEvent<HTMLFormElement>) {
    // Without the script (blocked, offline), the form goes to Razorpay's hosted page as without JavaScript.
    event.preventDefault();
    let Checkout: RazorpayCheckout;
    try {
      Checkout = await loadCheckout(page.scriptUrl);
    } catch {
      hosted.current?.submit();
      return;
    }
    setStatus("Razorpay Checkout is open.");
    new Checkout({
      key: page.keyId,
      ...(page.orderId ? { order_id: page.orderId } : { subscription_id: page.subscriptionId }),
      amount: page.amountMinor,
      currency: page.currency,
      name: "Ascendra",
      description: page.description,
      prefill: page.email ? { email: page.email } : {},
      handler(response: RazorpayAnswer) {
        setStatus("Payment made. Confirming it…");
        // The answer goes to our callback as a native form post (its signature is checked there).
        const form = callback.current!;
        for (const [name, value] of Object.entries(response))
          if (form.elements.namedItem(name))
            (form.elements.namedItem(name) as HTMLInputElement).value = value;
        form.submit();
      },
      modal: { ondismiss: () => setStatus("Razorpay Checkout was closed. You have not been charged.") },
    }).open();
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Pay {page.amount}</h1>
        <p className="text-text-muted">{page.description}</p>
        <p data-testid="razorpay-methods">{page.methods}</p>
      </header>
      <form
        ref={hosted}
        method="post"
        action={page.hostedUrl}
        onSubmit={(event) => void openCheckout(event)}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="key_id" value={page.keyId} />
        {page.orderId ? (
          <input type="hidden" name="order_id" value={page.orderId} />
        ) : (
          <input type="hidden" name="subscription_id" value={page.subscriptionId ?? ""} />
        )}
        <input type="hidden" name="name" value="Ascendra" />
        <input type="hidden" name="description" value={page.description} />
        {page.email ? <input type="hidden" name="prefill[email]" value={page.email} /> : null}
        <input type="hidden" name="callback_url" value={page.callbackUrl} />
        <input type="hidden" name="cancel_url" value={page.cancelUrl} />
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
        >
          Pay {page.amount} with Razorpay
        </button>
      </form>
      <p role="status" aria-live="polite" data-testid="razorpay-status">
        {status}
      </p>
      <form ref={callback} method="post" action={page.callbackPath} hidden>
        <input type="hidden" name="razorpay_payment_id" defaultValue="" />
        <input type="hidden" name="razorpay_order_id" defaultValue="" />
        <input type="hidden" name="razorpay_subscription_id" defaultValue="" />
        <input type="hidden" name="razorpay_signature" defaultValue="" />
      </form>
      <a href={page.cancelPath} className="text-sm underline underline-offset-4">
        Cancel and go back
      </a>
    </div>
  );
}
