// Where the browser finds a route's module (the client build's manifest).
// server.js hands the build's manifest over at start; in development and in
// tests there is none, and callers fall back to what works without it.

type ClientManifest = { routes: Record<string, { module: string } | undefined> };

let manifest: ClientManifest | null = null;

export function setClientAssets(assets: ClientManifest | null): void {
  manifest = assets;
}

/** The URL of a route's client module, e.g. "/assets/chat-Bdgk2ztC.js", or null when unknown. */
export function routeModuleUrl(routeId: string): string | null {
  return manifest?.routes[routeId]?.module ?? null;
}
