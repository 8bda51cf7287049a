import { data, Link } from "react-router";
import { PageHeader, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/help-support";

export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "help", "/helpsupport");
  return data({ content, meta }, { headers: marketingCacheHeaders(request) });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function HelpSupport({ loaderData }: Route.ComponentProps) {
  const { hero, channels, faqs } = loaderData.content;
  return (
    <div className="wrap content-page">
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} accent="yellow" />
      <ul className="card-grid card-grid-3" aria-label="Ways to get help">
        {channels.map((channel) => (
          <li key={channel.title} className={`card info-card accent-${channel.accent}`}>
            <h2 className="display-sm">{channel.title}</h2>
            <p className="muted">{channel.text}</p>
            <Link to={channel.link.href} className="btn btn-primary self-start">
              {channel.link.label}
            </Link>
          </li>
        ))}
      </ul>
      <Section id="faq" title={faqs.title}>
        <div className="faq-list">
          {faqs.items.map((faq) => (
            <details key={faq.question} className="faq card">
              <summary>{faq.question}</summary>
              <p className="muted">{faq.answer}</p>
            </details>
          ))}
        </div>
      </Section>
      <p className="muted policy-links">
        The details are in our <Link to="/termscondition">Terms & Conditions</Link>,{" "}
        <Link to="/refundpolicy">Cancellation & Refund Policy</Link>,{" "}
        <Link to="/shipping">Shipping & Delivery Policy</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </div>
  );
}
