import { data, Link } from "react-router";
import { formatLongDate, POLICY_SLUGS, type PolicySlug } from "~models/content/content-pages";
import { listPolicies } from "~models/content/content-pages.server";
import { renderMarkdown } from "~models/content/markdown.server";
import { getSiteShell } from "~models/content/site-content.server";
import { Prose } from "~/components/content/page-header";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/policy";

/** One module for /privacy, /termscondition, /refundpolicy and /shipping: the path names the policy. */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, "") as PolicySlug;
  if (!POLICY_SLUGS.includes(slug)) throw data(null, { status: 404 });
  const [policies, shell] = await Promise.all([listPolicies(), getSiteShell()]);
  const policy = policies.find((p) => p.slug === slug);
  if (!policy) throw data(null, { status: 404 });
  const { html, headings } = renderMarkdown(policy.body);
  return data(
    {
      policy: {
        title: policy.title,
        summary: policy.summary,
        effective: policy.effective,
        effectiveLabel: `Effective ${formatLongDate(policy.effective)}`,
      },
      html,
      toc: headings.filter((h) => h.level === 2),
      others: policies.filter((p) => p.slug !== slug).map((p) => ({ title: p.title, href: p.url })),
      meta: seoMeta(
        pageSeo(
          request,
          policy.url,
          { title: `${policy.title} — ${shell.site.name}`, description: policy.description },
          shell.site.name,
        ),
      ),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy, html, toc, others } = loaderData;
  return (
    <div className="wrap content-page">
      <header className="page-header accent-blue">
        <p className="eyebrow page-eyebrow">Legal</p>
        <h1 className="display-lg">{policy.title}</h1>
        <p className="policy-effective">
          <time dateTime={policy.effective}>{policy.effectiveLabel}</time>
        </p>
        <p className="lead">{policy.summary}</p>
      </header>
      <div className="policy-layout">
        <nav className="policy-toc" aria-labelledby="toc-title">
          <h2 id="toc-title" className="sidebar-title">
            On this page
          </h2>
          <ol>
            {toc.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ol>
        </nav>
        <Prose html={html} className="policy-body" />
      </div>
      <nav aria-label="Other policies" className="policy-others">
        {others.map((o) => (
          <Link key={o.href} to={o.href} className="chip">
            {o.title}
          </Link>
        ))}
      </nav>
    </div>
  );
}
