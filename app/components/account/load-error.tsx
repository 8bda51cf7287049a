import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";

/** Manage account could not load: say so, with a Reload link that works without JavaScript. */
export function AccountLoadError() {
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div
      className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-start justify-center gap-5 px-5 py-16"
      role="alert"
    >
      <p className="font-display text-sm tracking-widest text-red uppercase">
        {notFound ? "Not found" : "Error"}
      </p>
      <h1 className="font-display text-3xl font-semibold">
        {notFound ? "We could not find that" : "We could not load your account"}
      </h1>
      <p className="text-text-muted">
        {notFound
          ? "It may have been removed, or it belongs to another account."
          : "Please reload the page; if it keeps happening, try again in a minute."}
      </p>
      <div className="flex flex-wrap gap-3">
        <a
          href={`${location.pathname}${location.search}`}
          className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
        >
          Reload
        </a>
        <a
          href="/manageaccount"
          className="rounded-full border border-border px-6 py-3.5 text-sm font-semibold"
        >
          Back to Manage account
        </a>
      </div>
    </div>
  );
}
