import { getDashboardContent } from "~models/projects/dashboard-content.server";
import { RecommendationCard } from "~/components/recommendation-card";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/recommendations";

export const meta: Route.MetaFunction = () => [{ title: "Recommendations — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await memberOf(request);
  const { recommendations } = await getDashboardContent();
  return { recommendations };
}

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  const { recommendations } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Recommendations</h1>
        <p className="text-text-muted">Ideas from our team for where your brand could go next.</p>
      </header>
      {recommendations.length ? (
        <ul className="grid gap-4 md:grid-cols-3">
          {recommendations.map((item) => (
            <RecommendationCard key={item.title} item={item} />
          ))}
        </ul>
      ) : (
        <p className="text-text-muted">No recommendations right now.</p>
      )}
    </div>
  );
}
