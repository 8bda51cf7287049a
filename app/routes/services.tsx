import { data } from "react-router";
import { getServicesContent } from "~models/content/marketing-content.server";
import { parseClicks, spotlightView } from "~models/content/marketing-pages";
import { getSiteShell } from "~models/content/site-content.server";
import { IntroBars } from "~/components/marketing/services/intro-bars";
import { Quality } from "~/components/marketing/services/quality";
import { Spotlight } from "~/components/marketing/services/spotlight";
import { WhatWeCreate } from "~/components/marketing/services/what-we-create";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/services";

export async function loader({ request }: Route.LoaderArgs) {
  const [content, shell] = await Promise.all([getServicesContent(), getSiteShell()]);
  const clicks = parseClicks(new URL(request.url).searchParams.get("spotlight"));
  const { items, ...spotlight } = content.spotlight;
  return data(
    {
      bars: content.intro.bars.map((bar) => bar.replace("{product}", shell.site.name)),
      intro: content.intro.text,
      whatWeCreate: content.whatWeCreate,
      spotlight,
      view: spotlightView(items, clicks),
      clicks,
      quality: content.quality,
      meta: seoMeta(pageSeo(request, "/services", content.seo, shell.site.name)),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Services({ loaderData }: Route.ComponentProps) {
  const { bars, intro, whatWeCreate, spotlight, view, clicks, quality } = loaderData;
  return (
    <>
      <section className="wrap flex flex-col gap-8 pt-16 pb-4 lg:pt-24">
        <IntroBars bars={bars} />
        <p className="lead">{intro}</p>
      </section>
      <WhatWeCreate section={whatWeCreate} />
      <Spotlight section={spotlight} view={view} clicks={clicks} />
      <Quality section={quality} />
    </>
  );
}
