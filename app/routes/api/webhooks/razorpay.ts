import { reportError } from "~models/platform/errors.server";
import { handleRazorpayWebhook } from "~models/billing/razorpay-webhooks.server";
import { readRaw } from "~/lib/body/json.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import type { Route } from "./+types/razorpay";

// POST /api/webhooks/razorpay: Razorpay's events (docs/decisions/0080). No
// session or Origin: the X-Razorpay-Signature header over the raw body is the
// authentication, checked before anything is parsed; X-Razorpay-Event-Id
// makes each event apply once.

const onlyPost = () =>
  Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export function loader() {
  return onlyPost();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const raw = await readRaw(request, BODY_LIMITS.webhook);
  try {
    const answer = await handleRazorpayWebhook(
      raw,
      request.headers.get("x-razorpay-signature"),
      request.headers.get("x-razorpay-event-id"),
    );
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // Nothing was recorded: Razorpay delivers the event again later.
    reportError(error, "A Razorpay webhook could not be applied");
    return Response.json({ error: "The event could not be applied; it will be retried." }, { status: 500 });
  }
}
