import type { ReactNode } from "react";

export type Accent = "green" | "blue" | "yellow" | "red" | "purple";

/** The eyebrow, title and intro every content page opens with. */
export function PageHeader({
  eyebrow,
  title,
  intro,
  accent = "purple",
  children,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
  accent?: Accent;
  children?: ReactNode;
}) {
  return (
    <header className={`page-header accent-${accent}`}>
      <p className="eyebrow page-eyebrow">{eyebrow}</p>
      <h1 className="display-lg">{title}</h1>
      {intro ? <p className="lead">{intro}</p> : null}
      {children}
    </header>
  );
}

/** Cards of a title and a short text, optionally each with its own accent. */
export function CardGrid({
  items,
  columns = 3,
}: {
  items: { title: string; text: string; accent?: Accent }[];
  columns?: 2 | 3 | 4;
}) {
  return (
    <ul className={`card-grid card-grid-${columns}`}>
      {items.map((item) => (
        <li key={item.title} className={`card info-card ${item.accent ? `accent-${item.accent}` : ""}`}>
          <h3 className="display-sm">{item.title}</h3>
          <p className="muted">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A section with an h2; `id` makes it a link target. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="content-section">
      <div className="section-head">
        <h2 id={`${id}-title`} className="display-md">
          {title}
        </h2>
        {intro ? <p className="muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Sanitised HTML rendered from Markdown on the server (models/content/markdown.server.ts). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
