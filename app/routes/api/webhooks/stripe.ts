import { reportError } from "~models/platform/errors.server";
import { handleStripeWebhook } from "~models/billing/stripe-webhooks.server";
import { readRaw } from "~/lib/body/json.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import type { Route } from "./+types/stripe";

// POST /api/webhooks/stripe: Stripe's events (docs/decisions/0036). No
// session or Origin: the Stripe-Signature header over the raw body is the
// authentication, checked before anything is parsed.

const onlyPost = () =>
  Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export function loader() {
  return onlyPost();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  // The signature is over the exact bytes, so the body is read raw, within its limit (413 past it).
  const raw = await readRaw(request, BODY_LIMITS.webhook);
  try {
    const answer = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // Nothing was recorded: Stripe delivers the event again later.
    reportError(error, "A Stripe webhook could not be applied");
    return Response.json({ error: "The event could not be applied; it will be retried." }, { status: 500 });
  }
}
