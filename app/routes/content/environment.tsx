import { data } from "react-router";
import { CardGrid, PageHeader, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/environment";

/** /environment: the studio's values. */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "values", "/environment");
  return data({ content, meta }, { headers: marketingCacheHeaders(request) });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Environment({ loaderData }: Route.ComponentProps) {
  const { hero, values, practices } = loaderData.content;
  return (
    <div className="wrap content-page">
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} accent="green" />
      <Section id="values" title="What we value">
        <CardGrid items={values} />
      </Section>
      <Section id="practices" title={practices.title}>
        <CardGrid items={practices.items} columns={4} />
      </Section>
    </div>
  );
}
