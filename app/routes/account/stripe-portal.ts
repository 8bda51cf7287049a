import { redirect } from "react-router";
import { customerPortalUrl } from "~models/billing/stripe-gateway.server";
import { requireUser } from "~/lib/auth.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/stripe-portal";

// Saved cards with Stripe (docs/decisions/0036): the client's Stripe Customer
// Portal, opened by a form post from Payment methods; it sends them back there.

const PAGE = "/manageaccount/billing/payment-methods";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return redirect(PAGE);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const origin = getEnv().PUBLIC_URL ? new URL(getEnv().PUBLIC_URL!).origin : new URL(request.url).origin;
  const url = await customerPortalUrl(user.id, `${origin}${PAGE}`);
  return redirect(url ?? `${PAGE}?portal=none`, 303);
}
