import { redirect } from "react-router";
import { customerPortalUrl } from "~models/billing/stripe-gateway.server";
import { requireUser } from "~/lib/auth.server";
import { publicBaseUrl } from "~/lib/public-url.server";
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
  const origin = new URL(publicBaseUrl(request)).origin;
  const url = await customerPortalUrl(user.id, `${origin}${PAGE}`);
  return redirect(url ?? `${PAGE}?portal=none`, 303);
}
