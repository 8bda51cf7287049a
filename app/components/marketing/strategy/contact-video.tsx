import { Link } from "react-router";
import type { StrategyContent } from "~models/content/marketing-content";

type Contact = Omit<StrategyContent["contact"], "videos"> & {
  video: StrategyContent["contact"]["videos"][number];
};

/**
 * Contact Us over a looping muted clip (one of three, picked per request).
 * The sources only match without a reduced-motion preference, so those
 * visitors see the still poster instead.
 */
export function ContactVideo({ contact }: { contact: Contact }) {
  const motionOk = "(prefers-reduced-motion: no-preference)";
  return (
    <section className="wrap mt-24" aria-labelledby="contact-title">
      <div className="relative isolate overflow-hidden rounded-[2rem] border border-border">
        <video
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70"
          width={640}
          height={360}
          poster={contact.video.poster}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
          data-testid="contact-video"
        >
          <source src={contact.video.webm} type="video/webm" media={motionOk} />
          <source src={contact.video.mp4} type="video/mp4" media={motionOk} />
        </video>
        <div
          className="-z-10 absolute inset-0 bg-gradient-to-r from-canvas via-canvas/80 to-canvas/10"
          aria-hidden="true"
        />
        <div className="flex max-w-xl flex-col items-start gap-5 p-8 py-16 lg:p-16">
          <h2 id="contact-title" className="display-lg">
            {contact.title}
          </h2>
          <p className="lead">{contact.text}</p>
          <Link to={contact.cta.href} className="btn btn-primary">
            {contact.cta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
