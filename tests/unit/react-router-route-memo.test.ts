import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// React Router's route work kept across requests, carried as a patch-package patch of its
// production build (decisions 0051 and 0067): the patch is for the installed version, touches
// only what the server build uses, applies, and the patched router matches as the unpatched one
// does, with fresh match objects every time. The unpatched and patched copies are both made here
// from the installed package (applying the patch, or taking it off when postinstall has applied
// it already), so the test says the same before and after `npx patch-package`.

const root = path.resolve(import.meta.dirname, "../..");
const installedDir = path.join(root, "node_modules/react-router");
const { version } = JSON.parse(readFileSync(path.join(installedDir, "package.json"), "utf8")) as {
  version: string;
};
const patchFile = path.join(root, `patches/react-router+${version}.patch`);
const patchText = readFileSync(patchFile, "utf8");
const PATCH_MARK = `patches/react-router+${version}.patch`;

const ROUTER_CHUNK = readdirSync(path.join(installedDir, "dist/production")).find(
  (file) =>
    file.endsWith(".mjs") &&
    readFileSync(path.join(installedDir, "dist/production", file), "utf8").includes(
      "function matchRoutesImpl(",
    ),
)!;
const SERVER_CHUNK = readdirSync(path.join(installedDir, "dist/production")).find(
  (file) =>
    file.endsWith(".mjs") &&
    !file.startsWith("index-react-server") &&
    readFileSync(path.join(installedDir, "dist/production", file), "utf8").includes("function ServerRouter("),
)!;

/** The installed production build, and a copy with the patch applied (or taken off). */
const scratch = mkdtempSync(path.join(os.tmpdir(), "route-memo-patch-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const productionDir = path.join(installedDir, "dist/production");
const installedIsPatched = readFileSync(path.join(productionDir, ROUTER_CHUNK), "utf8").includes(PATCH_MARK);
mkdirSync(path.join(scratch, "node_modules/react-router/dist"), { recursive: true });
cpSync(productionDir, path.join(scratch, "node_modules/react-router/dist/production"), { recursive: true });
// git apply outside a repository works as patch(1) does, and patch-package reads the same format.
execFileSync("git", ["apply", ...(installedIsPatched ? ["-R"] : []), "-p1", patchFile], {
  cwd: scratch,
  env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(scratch) },
});
const copyDir = path.join(scratch, "node_modules/react-router/dist/production");
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");
const [originalDir, patchedDir] = installedIsPatched ? [copyDir, productionDir] : [productionDir, copyDir];

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
 * Writes the code beside node_modules (so `react` resolves; React Router's other chunks by their
 * installed path) and imports it, with the named internals exported.
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

describe("React Router's route work kept across requests (patches/react-router+<version>.patch)", () => {
  it("is a patch for the installed version, of the production build's ES modules only", () => {
    const files = [...patchText.matchAll(/^diff --git a\/(\S+) b\/\S+$/gm)].map((m) => m[1]);
    // The server build bundles dist/production (build-tools/react-router-production.ts); the
    // browser bundle, the dev server and the tests resolve dist/development, left as it is.
    expect(files.sort()).toEqual(
      [ROUTER_CHUNK, SERVER_CHUNK].map((file) => `node_modules/react-router/dist/production/${file}`).sort(),
    );
    expect(read(patchedDir, ROUTER_CHUNK)).toContain(
      "return matchFirstBranch(branches, decoded, allowPartial);",
    );
    expect(read(patchedDir, ROUTER_CHUNK)).toContain("dataRoutesByRoutes.set(routes, kept);");
    expect(read(patchedDir, SERVER_CHUNK)).toContain("let routes = serverRoutesOf(");
    expect(read(originalDir, ROUTER_CHUNK)).not.toContain(PATCH_MARK);
    expect(read(originalDir, SERVER_CHUNK)).not.toContain(PATCH_MARK);
  });

  it("matches as React Router's own loop does, with fresh match objects for every request", async () => {
    const original = await loadRouter("original", read(originalDir, ROUTER_CHUNK));
    const kept = await loadRouter("kept", read(patchedDir, ROUTER_CHUNK));
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
          // Without precomputed branches (the public matchRoutes) nothing is remembered.
          expect(kept.matchRoutesImpl(routes, pathname, "/", allowPartial)).toEqual(expected);
        }
      }
    }
    // A param's value comes from this request's path, not the one that filled the cache.
    const one = kept.matchRoutesImpl(routes, "/project/aaa", "/", false, keptBranches)!;
    const other = kept.matchRoutesImpl(routes, "/project/bbb", "/", false, keptBranches)!;
    expect([one.at(-1)!.params.id, other.at(-1)!.params.id]).toEqual(["aaa", "bbb"]);
  });

  it("builds the server's route tree once for the same modules, though each request hands over a new object", async () => {
    type Kept = (manifest: object, modules: object, future: object, spa: boolean) => unknown[];
    const { serverRoutesOf } = await load<{ serverRoutesOf: Kept }>(
      "server-router",
      read(patchedDir, SERVER_CHUNK),
      "serverRoutesOf",
    );
    const manifest = {
      root: { id: "root", path: "", hasLoader: true },
      home: { id: "home", parentId: "root", index: true },
    };
    const root = { default: () => null };
    const home = { default: () => null };
    const future = {};
    const first = serverRoutesOf(manifest, { root, home }, future, false);
    expect(first).toHaveLength(1);
    expect(serverRoutesOf(manifest, { root, home }, future, false)).toBe(first);
    // Another module (a build's hot swap, a test stub) builds the tree again.
    const rebuilt = serverRoutesOf(manifest, { root, home: { default: () => null } }, future, false);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt).toHaveLength(1);
  });
});
