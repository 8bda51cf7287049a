import type { ServiceStrategy } from "~models/content/marketing-content";

/** The service header: image, title, heading, text and the Service Features button. */
export function ServiceHeader({
  header,
  featuresLabel,
}: {
  header: ServiceStrategy["header"];
  featuresLabel: string;
}) {
  return (
    <section
      className="wrap grid items-center gap-10 pt-14 lg:grid-cols-[1.1fr_1fr] lg:pt-20"
      aria-labelledby="service-heading"
    >
      <div className="flex flex-col items-start gap-6">
        <p className="eyebrow text-purple">{header.title}</p>
        <h1 id="service-heading" className="display-lg">
          {header.heading}
        </h1>
        <p className="lead">{header.text}</p>
        <a href="#key-features" className="btn btn-primary">
          {featuresLabel} ↓
        </a>
      </div>
      <img
        className="h-auto w-full rounded-[2rem] border border-border"
        src={header.image}
        alt=""
        width={960}
        height={720}
        fetchPriority="high"
      />
    </section>
  );
}
