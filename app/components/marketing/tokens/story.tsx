import { Link } from "react-router";
import type { CreativeTokensContent } from "~models/content/marketing-content";

type Labels = CreativeTokensContent["labels"];

/** The two calls to action: Get Tokens (dashboard token purchase) and Contact Us. */
function TokenActions({ getTokens, label, labels }: { getTokens: string; label: string; labels: Labels }) {
  return (
    <div className="actions">
      <Link to={getTokens} className="btn btn-primary">
        {label}
      </Link>
      <Link to={labels.contactUs.href} className="btn btn-ghost">
        {labels.contactUs.label}
      </Link>
    </div>
  );
}

export function TokensHero({
  hero,
  getTokens,
  labels,
}: {
  hero: CreativeTokensContent["hero"];
  getTokens: string;
  labels: Labels;
}) {
  return (
    <section
      className="wrap grid items-center gap-10 pt-14 lg:grid-cols-[1.15fr_1fr] lg:pt-20"
      aria-labelledby="tokens-title"
    >
      <div className="flex flex-col items-start gap-6">
        <p className="eyebrow text-yellow">{hero.eyebrow}</p>
        <h1 id="tokens-title" className="display-lg">
          {hero.title}
        </h1>
        <p className="lead">{hero.text}</p>
        <TokenActions getTokens={getTokens} label={labels.getTokens} labels={labels} />
      </div>
      <img
        className="h-auto w-full rounded-[2rem] border border-border"
        src={hero.image.src}
        alt={hero.image.alt}
        width={960}
        height={720}
        fetchPriority="high"
      />
    </section>
  );
}

export function HowItWorks({
  how,
  usage,
}: {
  how: CreativeTokensContent["howItWorks"];
  usage: CreativeTokensContent["usage"];
}) {
  return (
    <section className="wrap mt-24 grid gap-12 lg:grid-cols-[1.4fr_1fr]" aria-labelledby="how-title">
      <div>
        <h2 id="how-title" className="display-md mb-8">
          {how.title}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2">
          {how.steps.map((step, i) => (
            <li key={step.title} className="card flex flex-col gap-3 p-6">
              <span className="font-display text-sm text-yellow">{String(i + 1).padStart(2, "0")}</span>
              <h3 className="font-display text-lg font-semibold">{step.title}</h3>
              <p className="muted text-sm">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <h2 className="display-md mb-4">{usage.title}</h2>
        <p className="muted mb-6">{usage.text}</p>
        <ul className="flex flex-col" data-testid="usage">
          {usage.items.map((item) => (
            <li key={item} className="flex items-center gap-3 border-t border-border py-3.5">
              <span className="size-2 rounded-full bg-yellow" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function About({
  about,
  closing,
  getTokens,
  labels,
}: {
  about: CreativeTokensContent["about"];
  closing: CreativeTokensContent["closing"];
  getTokens: string;
  labels: Labels;
}) {
  return (
    <>
      <section className="wrap mt-24 grid gap-10 lg:grid-cols-2" aria-labelledby="about-title">
        <div className="flex flex-col gap-5">
          <h2 id="about-title" className="display-md">
            {about.title}
          </h2>
          {about.paragraphs.map((p) => (
            <p key={p} className="muted">
              {p}
            </p>
          ))}
        </div>
        <dl className="grid content-center gap-4 sm:grid-cols-3">
          {about.facts.map((fact) => (
            <div key={fact.label} className="card flex flex-col-reverse gap-2 p-6">
              <dt className="text-sm text-text-muted">{fact.label}</dt>
              <dd className="font-display text-2xl font-bold">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="wrap mt-24" aria-labelledby="closing-title">
        <div className="card relative flex flex-col items-start gap-6 overflow-hidden p-8 lg:p-14">
          <div
            className="pointer-events-none absolute -right-20 -bottom-24 size-80 rounded-full bg-yellow/20 blur-3xl"
            aria-hidden="true"
          />
          <h2 id="closing-title" className="display-lg max-w-3xl">
            {closing.title}
          </h2>
          <p className="lead">{closing.text}</p>
          <TokenActions getTokens={getTokens} label={labels.getTokensNow} labels={labels} />
        </div>
      </section>
    </>
  );
}
