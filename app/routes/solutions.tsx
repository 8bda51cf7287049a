import { data, isRouteErrorResponse } from "react-router";
import { getSolutionsContent } from "~models/billing/priced-pages.server";
import { PACKAGE_COLOURS, type PackageColour, SOLUTION_TABS } from "~models/content/marketing-enums";
import { formatPrice, solutionsTab, subscribeHref } from "~models/content/marketing-pages";
import { regionForRequest } from "~models/billing/currency.server";
import { getSiteShell } from "~models/content/site-content.server";
import { planCheckoutPath } from "~models/billing/subscriptions";
import { Consultation } from "~/components/marketing/solutions/consultation";
import { Plans } from "~/components/marketing/solutions/plans";
import { SolutionTabs } from "~/components/marketing/solutions/solution-tabs";
import { SupportPack } from "~/components/marketing/solutions/support-pack";
import { findMember } from "~/lib/membership.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import NotFound from "./not-found";
import type { Route } from "./+types/solutions";

const isColour = (value: string): value is PackageColour =>
  (PACKAGE_COLOURS as readonly string[]).includes(value);

export async function loader({ request, params }: Route.LoaderArgs) {
  const colour = params.scolor ?? null;
  if (colour !== null && !isColour(colour)) throw data(null, { status: 404 });
  const [content, shell, member] = await Promise.all([
    getSolutionsContent(),
    getSiteShell(),
    findMember(request),
  ]);
  const { seo, plans, ...rest } = content;
  // A signed-in client reads their own currency (the answer is private then); anonymous visitors
  // get rupees, so the cached public page never depends on the browser (docs/decisions/0059).
  const region = member ? (await regionForRequest(request, member.accountId)).region : "in";
  return data(
    {
      ...rest,
      // Subscribe: the plan's checkout; sign in first when anonymous (as Get Tokens on /creative-tokens).
      plans: plans.map((plan) => ({
        ...plan,
        price: formatPrice(plan.prices[region], region),
        subscribeHref: subscribeHref(member !== null, planCheckoutPath(plan.slug)),
      })),
      colour,
      tab: solutionsTab(colour, new URL(request.url).searchParams.get("tab"), SOLUTION_TABS),
      meta: seoMeta(pageSeo(request, colour ? `/solutions/${colour}` : "/solutions", seo, shell.site.name)),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Solutions({ loaderData }: Route.ComponentProps) {
  const { headline, intro, tabs, tab, plans, colour, supportPack, consultation, contact } = loaderData;
  return (
    <>
      <section className="wrap flex flex-col gap-6 pt-16 lg:pt-24">
        <h1 className="display-lg max-w-4xl">{headline}</h1>
        <p className="lead">{intro}</p>
      </section>
      <SolutionTabs tabs={SOLUTION_TABS} labels={tabs} active={tab}>
        {tab === "subscriptions" ? <Plans plans={plans} selected={colour} labels={loaderData} /> : null}
        {tab === "support-pack" ? <SupportPack pack={supportPack} contact={contact} /> : null}
        {tab === "consultation" ? <Consultation consultation={consultation} contact={contact} /> : null}
      </SolutionTabs>
    </>
  );
}

/** An unknown colour (/solutions/orange) is the site's 404 page; anything else goes up to the root boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
