import { Link } from "react-router";
import type { HomeContent } from "~models/content/marketing-content";
import { ExternalIcon } from "~/components/icons";

/** The creative-token subscription and the AI-models site, side by side. */
export function Promos({ promos }: { promos: HomeContent["promos"] }) {
  const { tokens, aiModels } = promos;
  return (
    <div className="wrap promos">
      <article className="card promo">
        <img src={tokens.image.src} alt={tokens.image.alt} width={640} height={400} loading="lazy" />
        <p className="eyebrow text-yellow">{tokens.eyebrow}</p>
        <h2 className="display-sm">{tokens.title}</h2>
        <p className="muted">{tokens.text}</p>
        <div className="actions">
          <Link to={tokens.learnMore.href} className="btn btn-primary">
            {tokens.learnMore.label}
            <span className="sr-only"> about {tokens.eyebrow}</span>
          </Link>
          <Link to={tokens.signUp.href} className="btn btn-ghost">
            {tokens.signUp.label}
          </Link>
        </div>
      </article>
      <article className="card promo">
        <img src={aiModels.image.src} alt={aiModels.image.alt} width={640} height={400} loading="lazy" />
        <p className="eyebrow text-purple">{aiModels.eyebrow}</p>
        <h2 className="display-sm">{aiModels.title}</h2>
        <p className="muted">{aiModels.text}</p>
        <div className="actions">
          <a href={aiModels.cta.href} className="btn btn-ghost" rel="noopener">
            {aiModels.cta.label} <ExternalIcon />
          </a>
        </div>
      </article>
    </div>
  );
}
