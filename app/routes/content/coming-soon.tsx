import { data, Link } from "react-router";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/coming-soon";

/** /comingsoon, for the Brochure, Newsroom, Request Quote and View Cart links; ?for= names which one. */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "coming-soon", "/comingsoon");
  const key = new URL(request.url).searchParams.get("for");
  const feature = content.features.find((f) => f.key === key) ?? null;
  return data(
    { title: content.title, text: content.text, feature, links: content.links, meta },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { title, text, feature, links } = loaderData;
  return (
    <section className="wrap content-page narrow coming-soon">
      <p className="eyebrow page-eyebrow">{feature ? feature.label : "On its way"}</p>
      <h1 className="display-xl">{title}</h1>
      <p className="lead">{feature ? feature.text : text}</p>
      {feature ? <p className="muted">{text}</p> : null}
      <div className="actions">
        {links.map((link, i) => (
          <Link key={link.href} to={link.href} className={`btn ${i === 0 ? "btn-primary" : "btn-ghost"}`}>
            {link.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
