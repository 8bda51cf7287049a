import { data } from "react-router";
import { getStrategyContent } from "~models/content/marketing-content.server";
import { findStrategyService, scalabilityLine } from "~models/content/marketing-pages";
import { getSiteShell } from "~models/content/site-content.server";
import { ContactVideo } from "~/components/marketing/strategy/contact-video";
import { FeatureCards } from "~/components/marketing/strategy/feature-cards";
import { Scalability } from "~/components/marketing/strategy/scalability";
import { ServiceHeader } from "~/components/marketing/strategy/service-header";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/strategy";

export async function loader({ request }: Route.LoaderArgs) {
  const [content, shell] = await Promise.all([getStrategyContent(), getSiteShell()]);
  // URLSearchParams has already decoded the value ("Motion%20%26%20Video").
  const service = findStrategyService(content, new URL(request.url).searchParams.get("service"));
  const page = service ?? content.default;
  const { videos, ...contact } = content.contact;
  const path = service ? `/strategy?${new URLSearchParams({ service: service.name })}` : "/strategy";
  const seo = {
    title: `${page.header.title} — ${content.seo.title}`,
    description: service ? page.header.text.slice(0, 160) : content.seo.description,
  };
  return data(
    {
      page,
      known: service !== null,
      labels: content.labels,
      line: scalabilityLine(content.labels.scalabilityLine, page.name),
      contact: { ...contact, video: videos[Math.floor(Math.random() * videos.length)]! },
      meta: seoMeta(pageSeo(request, path, seo, shell.site.name)),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Strategy({ loaderData }: Route.ComponentProps) {
  const { page, known, labels, line, contact } = loaderData;
  return (
    <div data-service={known ? page.name : "default"}>
      <ServiceHeader header={page.header} featuresLabel={labels.serviceFeatures} />
      <FeatureCards title={labels.keyFeatures} features={page.features} />
      <Scalability blurb={page.scalability} line={line} learnMore={labels.learnMore} />
      <ContactVideo contact={contact} />
    </div>
  );
}
