import { Link } from "react-router";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./public-layout";

export const HERO_TITLE = "LETS ASCEND BRAND EXPERIENCES LIKE NOWHERE";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches.find((m) => m?.id === "routes/public-layout")?.loaderData as Awaited<ReturnType<typeof layoutLoader>> | undefined)?.site;
  return [
    { title: site ? `${site.name} — ${site.tagline}` : "Ascendra" },
    { name: "description", content: site?.description ?? "" },
  ];
};

function HeroArt() {
  return (
    <svg viewBox="0 0 600 600" width="600" height="600" aria-hidden="true" className="h-auto w-full max-w-[34rem]">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="60%">
          <stop offset="0" stopColor="var(--color-purple)" stopOpacity="0.55" />
          <stop offset="1" stopColor="var(--color-canvas)" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-peak" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-text)" />
          <stop offset="1" stopColor="var(--color-blue)" />
        </linearGradient>
      </defs>
      <rect width="600" height="600" fill="url(#hero-glow)" />
      <g fill="none" stroke="var(--color-border)" strokeWidth="1">
        {[120, 180, 240, 300].map((r) => (
          <circle key={r} cx="300" cy="300" r={r} />
        ))}
      </g>
      <path d="M150 460 300 150l150 310h-80L300 310l-70 150z" fill="url(#hero-peak)" />
      <circle cx="440" cy="170" r="34" fill="var(--color-yellow)" />
      <rect x="96" y="120" width="70" height="70" rx="18" fill="var(--color-green)" transform="rotate(-12 131 155)" />
      <circle cx="470" cy="440" r="16" fill="var(--color-red)" />
    </svg>
  );
}

export default function Home() {
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 pt-16 pb-20 lg:grid-cols-[1.25fr_1fr] lg:px-8 lg:pt-24">
        <div className="flex flex-col gap-8">
          <p className="font-display text-xs font-medium tracking-[0.3em] text-green uppercase">Digital branding studio</p>
          <h1 id="hero-title" className="font-display text-4xl leading-[1.05] font-bold tracking-tight text-balance sm:text-6xl xl:text-7xl">
            {HERO_TITLE}
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-text-muted">
            Identity, design, websites, motion and social, shaped by one team that cares how every pixel
            lands. Bring the ambition; we bring the craft.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact" className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas transition-transform duration-200 hover:-translate-y-0.5">
              Start a project
            </Link>
            <Link to="/services" className="rounded-full border border-border px-6 py-3.5 text-sm font-semibold text-text transition-colors hover:border-text-muted">
              Explore services
            </Link>
          </div>
        </div>
        <div className="flex justify-center lg:justify-end">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
