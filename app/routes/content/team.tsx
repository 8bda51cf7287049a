import { data, Link } from "react-router";
import { PageHeader } from "~/components/content/page-header";
import { Portrait } from "~/components/content/portrait";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/team";

export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "team", "/teampage");
  return data({ content, meta }, { headers: marketingCacheHeaders(request) });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { hero, members, placeholder, cta } = loaderData.content;
  return (
    <div className="wrap content-page">
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} accent="purple" />
      <ul className="team-grid" aria-label="Core team">
        {members.map((member) => (
          <li key={member.name} className="card team-card" data-testid="team-member">
            <Portrait src={member.image.src} alt={member.image.alt} placeholder={placeholder} />
            <div className="team-card-body">
              <h2 className="display-sm">{member.name}</h2>
              <p className="team-title">{member.title}</p>
              <p className="muted">{member.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <aside className="card cta-band">
        <div>
          <h2 className="display-sm">{cta.title}</h2>
          <p className="muted">{cta.text}</p>
        </div>
        <Link to={cta.link.href} className="btn btn-primary">
          {cta.link.label}
        </Link>
      </aside>
    </div>
  );
}
