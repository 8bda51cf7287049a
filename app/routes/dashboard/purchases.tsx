import { Link } from "react-router";
import { EmptyTab } from "~/components/empty-tab";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/purchases";

// The billing issue fills this tab; until then it says so instead of showing sample data.
export const meta: Route.MetaFunction = () => [{ title: "My Purchases — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function MyPurchasesTab() {
  return (
    <EmptyTab title="My Purchases" intro="Everything you have bought in the shop, ready to download.">
      <p className="font-display text-lg font-semibold">Nothing here yet</p>
      <p className="text-text-muted">You have no purchases yet. Items you buy in the shop will be listed here with their downloads.</p>
      <Link to="/contact" className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted">
        Contact us
      </Link>
    </EmptyTab>
  );
}
