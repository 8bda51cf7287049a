import { Link } from "react-router";
import { EmptyTab } from "~/components/empty-tab";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/shop";

// The billing issue fills this tab; until then it says so instead of showing sample data.
export const meta: Route.MetaFunction = () => [{ title: "Shop — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function ShopTab() {
  return (
    <EmptyTab title="Shop" intro="Templates, assets, tools and graphics you buy with Creative Tokens.">
      <p className="font-display text-lg font-semibold">Nothing here yet</p>
      <p className="text-text-muted">The shop is not open yet. Items will appear here as soon as our catalogue goes live.</p>
      <Link to="/contact" className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted">
        Contact us
      </Link>
    </EmptyTab>
  );
}
