import { Link } from "react-router";
import type { Footer as FooterContent, Site } from "~models/content/site-content";
import { NewsletterForm } from "~/components/newsletter-form";
import { LogoMark } from "./logo";

export function Footer({ site, footer }: { site: Site; footer: FooterContent }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-24 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 lg:grid-cols-[1.2fr_3fr] lg:px-8">
        <div className="flex flex-col gap-5">
          <Link to="/" className="flex items-center gap-2.5 text-text">
            <LogoMark />
            <span className="font-display text-lg font-semibold">{site.name}</span>
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-text-muted">{site.tagline}.</p>
          <address className="text-sm leading-relaxed text-text-muted not-italic">
            {site.office.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <a
              className="mt-2 block text-text underline-offset-4 hover:underline"
              href={`mailto:${site.emails.hello}`}
            >
              {site.emails.hello}
            </a>
          </address>
          <div className="max-w-sm">
            <NewsletterForm idPrefix="footer-newsletter" compact />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-10 sm:grid-cols-4">
          {footer.groups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="font-display text-xs font-semibold tracking-widest text-text uppercase">
                {group.title}
              </h2>
              <ul className="mt-4 flex flex-col gap-2.5">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link
                      to={link.href}
                      className="text-sm text-text-muted transition-colors hover:text-text"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 text-sm text-text-muted sm:flex-row sm:items-center sm:justify-between lg:px-8">
          <p>
            © <span data-testid="copyright-year">{year}</span> {site.name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2" aria-label="Social">
            {footer.social.map((network) => (
              <li key={network.label}>
                {network.href ? (
                  <a
                    href={network.href}
                    className="text-text hover:underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {network.label}
                  </a>
                ) : (
                  <span>{network.label}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
