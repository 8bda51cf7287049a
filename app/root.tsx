import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import islandScripts from "virtual:islands";
import displayFont from "./fonts/unbounded-core-wght-normal.woff2?url";
import textFont from "./fonts/inter-core-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import { getUserWithSummary } from "./lib/auth.server";
import { withPrivateCaching } from "./lib/cache-control.server";
import { badInput } from "./lib/body/refusals";
import { refusedUrl } from "./lib/request-input.server";
import { useNonce } from "./components/nonce";
import { ErrorList } from "./components/error-list";
import { useOutcomeFocus } from "./lib/outcome-focus";
import stylesheet from "./app.css?url";

// In the browser, Zod (form validation) would probe for `new Function` once, which the CSP
// forbids and reports as a violation; jitless mode skips the probe. Zod keeps its settings
// on this global so every copy shares them; setting it here costs no Zod code on pages
// without forms.
if (typeof document !== "undefined")
  ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

export const links: Route.LinksFunction = () => [
  // Only the two Latin faces used above the fold are preloaded.
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Every request passes here first: input no handler could store (a NUL) or
 * parse (a broken multipart body) is refused; every answer that depends on
 * who asks is private. Writes sent by another site never get this far:
 * server.js refuses them, in development too.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const refused = refusedUrl(request);
    return refused ? badInput(request, refused) : next();
  },
  async ({ request }, next) => withPrivateCaching(request, (await next()) as Response),
];

/** Who is signed in and how full their cart is, for the navbar; nothing more reaches every page. */
export async function loader({ request }: Route.LoaderArgs) {
  // The account and its summary in one statement, which the layouts and the page under it share.
  const account = await getUserWithSummary(request);
  return {
    user: account
      ? { username: account.user.username, role: account.user.role, cartCount: account.summary.cartCount }
      : null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // <html data-hydrated> once React has hydrated the whole page (its effects
  // run after every child's): "the framework has loaded" is not yet "the
  // forms are live", and the end-to-end tests wait for this before they type.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // An island page (decision 0021) loads its own small script, not React. Only
  // a document is an island: a client-side navigation of a hydrated page to an
  // island route renders that route with React and keeps React Router's scripts.
  const matches = useMatches();
  const island = import.meta.env.SSR
    ? matches.map((match) => islandScripts[match.id]).find(Boolean)
    : undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b0e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {island ? (
          <>
            {/* One error line as ErrorList renders it, for the island script's inline messages (decision 0045). */}
            <template id="field-error">
              <ErrorList errors={["—"]} />
            </template>
            <script type="module" src={island.file} nonce={nonce} />
          </>
        ) : (
          <>
            {/* On every new path the window starts at the top; back and forward restore. */}
            <ScrollRestoration nonce={nonce} />
            {/* React Router's scripts and module preloads. */}
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  useOutcomeFocus();
  return <Outlet />;
}

export const UNEXPECTED_ERROR_TITLE = "Unexpected Application Error!";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isResponse = isRouteErrorResponse(error);
  const title = isResponse && error.status === 404 ? "Page not found" : UNEXPECTED_ERROR_TITLE;
  const detail = isResponse
    ? `${error.status} ${error.statusText}`.trim()
    : "Something broke on our side. Please reload the page, or come back in a minute.";
  // Stack traces only in development; visitors never see them.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-3xl flex-col justify-center gap-6 px-6 py-24">
      <title>{title}</title>
      <p className="font-display text-sm tracking-widest text-red uppercase">Error</p>
      <h1 className="font-display text-3xl font-semibold sm:text-5xl">{title}</h1>
      <p className="text-lg text-text-muted">{detail}</p>
      {stack ? (
        <pre className="overflow-auto rounded-xl bg-surface p-4 text-xs text-text-muted">{stack}</pre>
      ) : null}
      <div className="flex gap-3">
        <a href="/" className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas">
          Back to home
        </a>
      </div>
    </main>
  );
}
