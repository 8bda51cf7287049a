import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { PillLinks } from "~/components/pill-links";

/**
 * A signed-in area that could not load: a full-page error with a Reload link
 * to this same page and a way back to the area's start. Plain links, so both
 * work with or without JavaScript. A 404 (something that is not yours, or no
 * longer exists) reads as "not found".
 */
export function LoadError({
  area,
  detail,
  back,
}: {
  /** What could not load: "We could not load your …". */
  area: string;
  /** What the error says before asking to reload, if anything. */
  detail?: string;
  back: { to: string; label: string };
}) {
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const advice = "Please reload the page; if it keeps happening, try again in a minute.";
  return (
    <div
      className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-start justify-center gap-5 px-5 py-16"
      role="alert"
    >
      <p className="font-display text-sm tracking-widest text-red uppercase">
        {notFound ? "Not found" : "Error"}
      </p>
      <h1 className="font-display text-3xl font-semibold">
        {notFound ? "We could not find that" : `We could not load your ${area}`}
      </h1>
      <p className="text-text-muted">
        {notFound
          ? "It may have been removed, or it belongs to another account."
          : detail
            ? `${detail}. ${advice}`
            : advice}
      </p>
      <PillLinks
        documentLinks
        links={[{ to: `${location.pathname}${location.search}`, label: "Reload" }, back]}
      />
    </div>
  );
}
