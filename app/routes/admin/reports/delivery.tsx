import { staffOf } from "~/lib/staff-gate.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/delivery";

// A placeholder until the operations reports land (branch ops): this module is theirs.

export const meta: Route.MetaFunction = () => adminMeta("Reports");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  return null;
}

export default function Placeholder() {
  return <p className="text-text-muted">This report is not built yet.</p>;
}
