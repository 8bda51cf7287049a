import { Link } from "react-router";
import { EmptyTab } from "~/components/empty-tab";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/billing";

// The billing issue fills this tab; until then it says so instead of showing sample data.
export const meta: Route.MetaFunction = () => [{ title: "Billing & Tokens — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function BillingTokensTab() {
  return (
    <EmptyTab title="Billing & Tokens" intro="Token packages, your token history and your subscription.">
      <p className="font-display text-lg font-semibold">Nothing here yet</p>
      <p className="text-text-muted">You have no Creative Tokens and no subscription yet. Token packages and plans will be available here soon; until then, talk to us about pricing.</p>
      <Link to="/contact" className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted">
        Contact us
      </Link>
    </EmptyTab>
  );
}
