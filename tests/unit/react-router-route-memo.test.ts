import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { keepRouteWork } from "../../build-tools/react-router-route-memo";

// The server build's rewrite of React Router's route work (decision 0051),
// checked against the React Router that is installed: every spot it rewrites
// is found, and matching with the kept first branch gives what React Router's
// own loop gives, fresh objects every time.

const root = path.resolve(import.meta.dirname, "../..");
const productionDir = path.join(root, "node_modules/react-router/dist/production");
const modules = readdirSync(productionDir)
  .filter((file) => file.endsWith(".mjs") && !file.startsWith("index-react-server"))
  .map((file) => ({ file, code: readFileSync(path.join(productionDir, file), "utf8") }));

type Match = { params: Record<string, string | undefined>; pathname: string; route: { id: string } };
type RouterModule = {
  matchRoutesImpl: (
    routes: unknown[],
    location: string,
    basename: string,
    allowPartial: boolean,
    branches?: unknown[],
  ) => Match[] | null;
  __flattenAndRankRoutes: (routes: unknown[]) => unknown[];
};

/**
 * Writes the code beside node_modules (so `react` resolves; React Router's own chunks by their
 * path) and imports it, with the named internals exported.
 */
async function load<Module>(name: string, code: string, exported: string): Promise<Module> {
  const dir = path.join(root, "node_modules/.cache/route-memo-test");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${process.pid}.mjs`);
  const linked = code.replaceAll('from "./', `from "${pathToFileURL(productionDir).href}/`);
  writeFileSync(file, `${linked}\nexport { ${exported} };\n`);
  return (await import(pathToFileURL(file).href)) as Module;
}
const loadRouter = (name: string, code: string) =>
  load<RouterModule>(name, code, "flattenAndRankRoutes as __flattenAndRankRoutes");

// Layouts, index routes, params, an optional segment, a splat and a catch-all, as the app has.
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      {
        id: "public",
        children: [
          { id: "services", path: "services" },
          { id: "solutions", path: "solutions/:color?" },
          { id: "blog", path: "blog/:slug" },
        ],
      },
      {
        id: "dashboard",
        path: "dashboard2",
        children: [
          { id: "dashboard-index", index: true },
          { id: "billing", path: "billing" },
          { id: "projects", path: "projects" },
        ],
      },
      { id: "project", path: "project/:id" },
      { id: "proof", path: "project/:id/proof/:version?" },
      { id: "files", path: "files/*" },
      { id: "not-found", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/services",
  "/solutions",
  "/solutions/red",
  "/blog/a-brand-kit",
  "/dashboard2",
  "/dashboard2/billing",
  "/dashboard2/nothing-here",
  "/project/11111111-1111-4111-8111-111111111111",
  "/project/22222222-2222-4222-8222-222222222222",
  "/project/1/proof",
  "/project/1/proof/3",
  "/files/a/b/c.pdf",
  "/caf%C3%A9",
  "/no/such/page",
];

describe("React Router's route work kept across requests", () => {
  it("finds every spot it rewrites in the installed React Router, once each", () => {
    const rewritten = modules.flatMap(({ file, code }) => {
      const changed = keepRouteWork(code, file);
      return changed === null ? [] : [changed];
    });
    expect(rewritten).toHaveLength(2);
    const all = rewritten.join("\n");
    expect(all).toContain("return __matchFirstBranch(branches, decoded, allowPartial);");
    expect(all).toContain("let { manifest, dataRoutes } = __dataRoutesOf(routes);");
    expect(all).toContain("let routes = __serverRoutesOf(manifest.routes,");
  });

  it("refuses React Router code it does not know, rather than leaving it as it is", () => {
    expect(() => keepRouteWork("function matchRoutesImpl(routes) { return null; }", "chunk.mjs")).toThrow(
      /matchRoutesImpl's branch loop is not what/,
    );
  });

  it("matches as React Router's own loop does, with fresh match objects for every request", async () => {
    const source = modules.find(({ code }) => code.includes("function matchRoutesImpl("))!.code;
    const original = await loadRouter("original", source);
    const kept = await loadRouter("kept", keepRouteWork(source)!);
    const originalBranches = original.__flattenAndRankRoutes(routes);
    const keptBranches = kept.__flattenAndRankRoutes(routes);
    for (const round of [1, 2, 3]) {
      for (const pathname of paths) {
        for (const allowPartial of [false, true]) {
          const expected = original.matchRoutesImpl(routes, pathname, "/", allowPartial, originalBranches);
          const first = kept.matchRoutesImpl(routes, pathname, "/", allowPartial, keptBranches);
          expect(first, `${pathname}, round ${round}`).toEqual(expected);
          const again = kept.matchRoutesImpl(routes, pathname, "/", allowPartial, keptBranches);
          expect(again).toEqual(first);
          if (first && again) {
            expect(again).not.toBe(first);
            expect(again[0]!.params).not.toBe(first[0]!.params);
          }
        }
      }
    }
    // A param's value comes from this request's path, not the one that filled the cache.
    const one = kept.matchRoutesImpl(routes, "/project/aaa", "/", false, keptBranches)!;
    const other = kept.matchRoutesImpl(routes, "/project/bbb", "/", false, keptBranches)!;
    expect([one.at(-1)!.params.id, other.at(-1)!.params.id]).toEqual(["aaa", "bbb"]);
  });

  it("builds the server's route tree once for the same modules, though each request hands over a new object", async () => {
    const source = modules.find(({ code }) => code.includes("function ServerRouter("))!.code;
    type Kept = (manifest: object, modules: object, future: object, spa: boolean) => unknown[];
    const { __serverRoutesOf } = await load<{ __serverRoutesOf: Kept }>(
      "server-router",
      keepRouteWork(source)!,
      "__serverRoutesOf",
    );
    const manifest = {
      root: { id: "root", path: "", hasLoader: true },
      home: { id: "home", parentId: "root", index: true },
    };
    const root = { default: () => null };
    const home = { default: () => null };
    const future = {};
    const first = __serverRoutesOf(manifest, { root, home }, future, false);
    expect(first).toHaveLength(1);
    expect(__serverRoutesOf(manifest, { root, home }, future, false)).toBe(first);
    // Another module (a build's hot swap, a test stub) builds the tree again.
    const rebuilt = __serverRoutesOf(manifest, { root, home: { default: () => null } }, future, false);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt).toHaveLength(1);
  });
});
