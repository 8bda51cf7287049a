import { data, Link } from "react-router";
import { CardGrid, PageHeader, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/company-profile";

export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "company-profile", "/companyprofile");
  return data({ content, meta }, { headers: marketingCacheHeaders(request) });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function CompanyProfile({ loaderData }: Route.ComponentProps) {
  const { hero, facts, story, disciplines, resources, cta } = loaderData.content;
  return (
    <div className="wrap content-page">
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} accent="green">
        <div className="actions">
          <Link to={cta.primary.href} className="btn btn-primary">
            {cta.primary.label}
          </Link>
          <Link to={cta.secondary.href} className="btn btn-ghost">
            {cta.secondary.label}
          </Link>
        </div>
      </PageHeader>
      <dl className="facts">
        {facts.map((fact) => (
          <div key={fact.label} className="fact card">
            <dt className="muted">{fact.label}</dt>
            <dd className="display-md">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <Section id="story" title="About us">
        <CardGrid items={story} />
      </Section>
      <Section id="disciplines" title={disciplines.title}>
        <ul className="chip-list chip-list-lg">
          {disciplines.items.map((item) => (
            <li key={item} className="chip">
              {item}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="resources" title={resources.title}>
        <ul className="card-grid card-grid-4">
          {resources.items.map((item) => (
            <li key={item.label} className="card info-card">
              <h3 className="display-sm">
                <Link to={item.href} className="post-link">
                  {item.label}
                </Link>
              </h3>
              <p className="muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <aside className="card cta-band">
        <div>
          <h2 className="display-sm">{cta.title}</h2>
          <p className="muted">{cta.text}</p>
        </div>
        <div className="actions">
          <Link to={cta.primary.href} className="btn btn-primary">
            {cta.primary.label}
          </Link>
          <Link to={cta.secondary.href} className="btn btn-ghost">
            {cta.secondary.label}
          </Link>
        </div>
      </aside>
    </div>
  );
}
