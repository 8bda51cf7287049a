import { Link } from "react-router";
import type { ServiceStrategy, StrategyContent } from "~models/content/marketing-content";

/** Built for Scalability: the blurb, the weekly line, and Learn more. */
export function Scalability({
  blurb,
  line,
  learnMore,
}: {
  blurb: ServiceStrategy["scalability"];
  line: string;
  learnMore: StrategyContent["labels"]["learnMore"];
}) {
  return (
    <section className="wrap mt-24" aria-labelledby="scalability-title">
      <div className="card relative overflow-hidden p-8 lg:p-14">
        <div
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-purple/25 blur-3xl"
          aria-hidden="true"
        />
        <p id="scalability-title" className="eyebrow text-yellow">
          {blurb.title}
        </p>
        <p className="mt-5 max-w-2xl text-lg text-text-muted">{blurb.description}</p>
        <h2 className="display-md mt-8 max-w-4xl" data-testid="scalability-line">
          {line}
        </h2>
        <Link to={learnMore.href} className="btn btn-primary mt-8">
          {learnMore.label}
        </Link>
      </div>
    </section>
  );
}
