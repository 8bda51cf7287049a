import { PillLinks } from "~/components/pill-links";

export const NOT_FOUND_TITLE = "Page not found";

/** The site's 404 page: for unknown paths, and for anyone but staff on /admin. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-5 py-28 lg:px-8">
      <p className="font-display text-7xl font-bold text-purple sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{NOT_FOUND_TITLE}</h1>
      <p className="text-lg text-text-muted">
        This page has moved, or never existed. Everything we make starts from the home page.
      </p>
      <PillLinks
        links={[
          { to: "/", label: "Back to home" },
          { to: "/contact", label: "Contact us" },
        ]}
      />
    </section>
  );
}
