// React Router's per-request route work, kept across requests in the server
// build (docs/decisions/0051-route-work-kept-across-requests.md).
//
// Every document request made React Router rebuild the same route tree twice
// (createServerRoutes in <ServerRouter>, then convertRoutesToDataRoutes in
// createStaticRouter) and match URLs against the ranked branches of our ~125
// routes three or more times (the server runtime, the static handler, and one
// match per parent path for the partial manifest in <Scripts>): about 13% of a
// signed-in page's CPU, all of it the same for every request to the same path.
//
// This plugin rewrites three spots of React Router's production build as it is
// bundled into the server build (build-tools/react-router-production.ts):
// - matchRoutesImpl remembers, per ranked branch list and decoded pathname,
//   which branch matched first (or that none did), and then matches only that
//   branch: the same first match, built fresh for every request, so no request
//   shares params or match objects with another;
// - createStaticRouter converts a given route array to data routes once;
// - ServerRouter builds the route tree once per build manifest.
// Both trees are read-only once built: the static router on the server cannot
// patch routes. A React Router upgrade that changes any of these spots fails
// the build here with the spot's name, so the rewrite is looked at again
// rather than silently dropped.
import type { Plugin } from "vite";

type Rewrite = { name: string; find: string; replace: string };

/** Helpers appended to the module whose code a rewrite calls. */
const MATCH_HELPER = `
const __keptFirstBranch = new WeakMap();
function __matchFirstBranch(branches, decoded, allowPartial) {
  let byPath = __keptFirstBranch.get(branches);
  if (!byPath) __keptFirstBranch.set(branches, (byPath = new Map()));
  let key = (allowPartial ? "1" : "0") + decoded;
  let known = byPath.get(key);
  if (known !== undefined) return known < 0 ? null : matchRouteBranch(branches[known], decoded, allowPartial);
  let matches = null;
  let i = 0;
  for (; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);
  // Paths are bounded by what the site links to; a flood of made-up ones only starts the map again.
  if (byPath.size >= 5000) byPath.clear();
  byPath.set(key, matches ? i - 1 : -1);
  return matches;
}
const __keptDataRoutes = new WeakMap();
function __dataRoutesOf(routes) {
  let kept = __keptDataRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    kept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    __keptDataRoutes.set(routes, kept);
  }
  return kept;
}
`;

// The server runtime hands every request a new routeModules object with the same modules in it
// (createEntryRouteModules), so the modules are compared one by one.
const SERVER_ROUTES_HELPER = `
const __keptServerRoutes = new WeakMap();
function __sameModules(a, b) {
  if (a === b) return true;
  let keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (let key of keys) if (a[key] !== b[key]) return false;
  return true;
}
function __serverRoutesOf(manifestRoutes, routeModules, future, isSpaMode) {
  let kept = __keptServerRoutes.get(manifestRoutes);
  if (!kept || !__sameModules(kept.routeModules, routeModules) || kept.future !== future || kept.isSpaMode !== isSpaMode) {
    kept = { routeModules, future, isSpaMode, routes: createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) };
    __keptServerRoutes.set(manifestRoutes, kept);
  }
  return kept.routes;
}
`;

const ROUTER_MODULE: { marker: string; rewrites: Rewrite[]; helper: string } = {
  marker: "function matchRoutesImpl(",
  helper: MATCH_HELPER,
  rewrites: [
    {
      name: "matchRoutesImpl's branch loop",
      find: `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`,
      replace: `  let decoded = decodePath(pathname);
  return __matchFirstBranch(branches, decoded, allowPartial);`,
    },
    {
      name: "createStaticRouter's data routes",
      find: `  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
      replace: `  let { manifest, dataRoutes } = __dataRoutesOf(routes);`,
    },
  ],
};

const SERVER_ROUTER_MODULE: { marker: string; rewrites: Rewrite[]; helper: string } = {
  marker: "function ServerRouter(",
  helper: SERVER_ROUTES_HELPER,
  rewrites: [
    {
      name: "ServerRouter's route tree",
      find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
      replace: `  let routes = __serverRoutesOf(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    },
  ],
};

/**
 * Applies the rewrites to one module of React Router's production build, or
 * returns null when the module holds none of the rewritten functions. Throws
 * when a module holds one but its code is not what the rewrite expects.
 */
export function keepRouteWork(code: string, id = "react-router"): string | null {
  let changed: string | null = null;
  for (const module of [ROUTER_MODULE, SERVER_ROUTER_MODULE]) {
    if (!code.includes(module.marker)) continue;
    let next: string = changed ?? code;
    for (const rewrite of module.rewrites) {
      const at = next.indexOf(rewrite.find);
      if (at < 0 || next.indexOf(rewrite.find, at + 1) >= 0)
        throw new Error(
          `${id}: React Router's code for ${rewrite.name} is not what build-tools/react-router-route-memo.ts expects (an upgrade?). Read the new code and update the rewrite, or drop it.`,
        );
      next = next.slice(0, at) + rewrite.replace + next.slice(at + rewrite.find.length);
    }
    changed = next + module.helper;
  }
  return changed;
}

export function reactRouterRouteMemoOnServer(): Plugin {
  let isBuild = false;
  return {
    name: "ascendra-react-router-route-memo",
    config(_config, env) {
      isBuild = env.command === "build";
    },
    transform(code, id) {
      if (!isBuild || this.environment.name === "client") return null;
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)) return null;
      const changed = keepRouteWork(code, id);
      return changed === null ? null : { code: changed, map: null };
    },
  };
}
