import { Link } from "react-router";
import type { ServicesContent } from "~models/content/marketing-content";
import type { SpotlightView } from "~models/content/marketing-pages";

/**
 * PROJECTS IN SPOTLIGHT: two images, or on every 4th Load More the video.
 * Load More is a GET link carrying the click count (?spotlight=n), so it
 * works without JavaScript; with it, it is a client navigation.
 */
export function Spotlight({
  section,
  view,
  clicks,
}: {
  section: Omit<ServicesContent["spotlight"], "items">;
  view: SpotlightView;
  clicks: number;
}) {
  return (
    <section id="spotlight" className="wrap mt-24" aria-labelledby="spotlight-title">
      <div className="section-head">
        <h2 id="spotlight-title" className="display-md">
          {section.title}
        </h2>
        <p className="muted">{section.text}</p>
      </div>
      <ul
        className={`grid gap-5 ${view.kind === "images" ? "md:grid-cols-2" : ""}`}
        data-testid="spotlight"
        data-kind={view.kind}
      >
        {view.items.map((item) => (
          <li key={item.id} className="card overflow-hidden">
            {item.type === "video" ? (
              <video
                className="aspect-video h-auto w-full bg-canvas object-cover"
                width={640}
                height={360}
                poster={item.poster}
                muted
                loop
                playsInline
                controls
                preload="none"
                aria-label={item.name}
              >
                <source src={item.media} type="video/webm" />
                <source src={item.mp4} type="video/mp4" />
              </video>
            ) : (
              // The caption below names the work, so the picture adds no words of its own.
              <img
                className="aspect-[4/3] h-auto w-full object-cover"
                src={item.media}
                alt=""
                width={800}
                height={600}
                loading="lazy"
              />
            )}
            <p className="px-5 py-4 text-sm font-medium">{item.name}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex justify-center">
        <Link
          to={`?spotlight=${clicks + 1}#spotlight`}
          preventScrollReset
          className="btn btn-ghost"
          data-testid="load-more"
        >
          {section.loadMore}
        </Link>
      </div>
    </section>
  );
}
