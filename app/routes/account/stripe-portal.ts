import { redirect } from "react-router";
import { customerPortalUrl } from "~models/billing/stripe-gateway.server";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, refusedResponse } from "~/lib/member-summary.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/stripe-portal";

// Saved cards with Stripe (docs/decisions/0036): the client's Stripe Customer
// Portal, opened by a form post from Payment methods; it sends them back there.

const PAGE = "/manageaccount/billing/payment-methods";

export async function loader({ request }: Route.LoaderArgs) {
  await memberOf(request);
  return redirect(PAGE);
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  // The portal manages the organisation's cards: the billing right's (decision 0079). The page
  // that holds its button shows a role without it why instead, so only a forged post lands here.
  const refused = refusalFor(member, "billing", "manage payment methods");
  if (refused) return refusedResponse(refused);
  const origin = new URL(publicBaseUrl(request)).origin;
  const url = await customerPortalUrl(member.accountId, `${origin}${PAGE}`);
  return redirect(url ?? `${PAGE}?portal=none`, 303);
}
