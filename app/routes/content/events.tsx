import { data, Link } from "react-router";
import {
  EVENT_CATEGORIES,
  eventCategoryFromParam,
  formatRupees,
  listEvents,
  spotsLeftLabel,
} from "~models/content/content-pages";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import { PageHeader } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { formatDate } from "~/lib/format";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/events";

/** /events, filtered by ?category=conferences|workshops|meetups (anything else: all). */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "events", "/events");
  const param = new URL(request.url).searchParams.get("category");
  const category = eventCategoryFromParam(param);
  const labels = new Map(EVENT_CATEGORIES.map((c) => [c.value, c.label.replace(/s$/, "")]));
  const events = listEvents(content.events, category, todayInAgencyTimeZone()).map((event) => ({
    ...event,
    categoryLabel: labels.get(event.category) ?? event.category,
    priceLabel: formatRupees(event.price),
    spotsLabel: event.past ? "Event ended" : spotsLeftLabel(event.spots),
  }));
  const filters = [
    { label: "All", href: "/events", current: !category },
    ...EVENT_CATEGORIES.map((c) => ({
      label: c.label,
      href: `/events?category=${c.slug}`,
      current: category === c.value,
    })),
  ];
  return data(
    { hero: content.hero, empty: content.empty, events, filters, meta },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Events({ loaderData }: Route.ComponentProps) {
  const { hero, events, filters, empty } = loaderData;
  return (
    <div className="wrap content-page">
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} accent="red" />
      <nav aria-label="Event type" className="filter-bar">
        <ul className="chip-list">
          {filters.map((f) => (
            <li key={f.label}>
              <Link
                to={f.href}
                className="chip"
                aria-current={f.current ? "page" : undefined}
                preventScrollReset
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {events.length ? (
        <ul className="event-list" aria-label="Events">
          {events.map((event) => (
            <li
              key={event.slug}
              className={`card event-card${event.past ? " is-past" : ""}`}
              data-testid="event"
              data-past={event.past ? "true" : "false"}
            >
              <img
                src={event.image.src}
                alt={event.image.alt}
                width={800}
                height={450}
                loading="lazy"
                decoding="async"
              />
              <div className="event-body">
                <p className="event-tags">
                  <span className="badge">{event.categoryLabel}</span>
                  {event.past ? <span className="badge badge-past">Past event</span> : null}
                </p>
                <h2 className="display-sm">{event.title}</h2>
                <dl className="event-facts">
                  <div>
                    <dt>Date</dt>
                    <dd>
                      <time dateTime={event.date}>{formatDate(event.date)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>Location</dt>
                    <dd>{event.location}</dd>
                  </div>
                  <div>
                    <dt>Price</dt>
                    <dd data-testid="event-price">{event.priceLabel}</dd>
                  </div>
                  <div>
                    <dt>Spots</dt>
                    <dd>{event.spotsLabel}</dd>
                  </div>
                </dl>
                <p className="muted">{event.description}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state card muted">{empty}</p>
      )}
    </div>
  );
}
