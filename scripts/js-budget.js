// Prints the gzip size of the JavaScript each page route loads (entry, every
// route module from the root down, and their imports), read from the client
// build's manifest; an island page (decision 0021) loads only its own script
// and that script's imports (build/islands.json). Exits non-zero when a page
// is over budget.
//   npm run build && npm run check:js-budget
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const KIB = 1024;
/**
 * An island page (decision 0021): the home page and the public pages with the
 * site's forms (decision 0045) load their own script, not React.
 */
export const ISLAND_BUDGET = 64 * KIB;
/** Island routes whose script's later imports are not counted: the chat panel loads React when used. */
const LAZY_NOT_COUNTED = new Set(["routes/home"]);
/**
 * Every hydrated page: the signed-in app and the back-office. 165 KiB since organisations and
 * proposals (docs/performance.md, "JavaScript after organisations and proposals").
 */
export const PAGE_BUDGET = 165 * KIB;

const clientDir = path.resolve(import.meta.dirname, "../build/client");
const assetsDir = path.join(clientDir, "assets");
const manifestFile = readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No client manifest in build/client/assets: run npm run build first.");
  process.exit(1);
}
const source = readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const islands = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../build/islands.json"), "utf8"));

const gzipSizes = new Map();
const gzipSize = (url) => {
  // zlib's default level, as the server's compression middleware sends it.
  if (!gzipSizes.has(url)) gzipSizes.set(url, gzipSync(readFileSync(path.join(clientDir, url))).length);
  return gzipSizes.get(url);
};

function chain(routeId) {
  const routes = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) routes.unshift(manifest.routes[id]);
  return routes;
}

function urlPath(routes) {
  const joined = routes
    .map((r) => r.path ?? "")
    .filter(Boolean)
    .join("/");
  return `/${joined}`;
}

const parents = new Set(
  Object.values(manifest.routes)
    .map((r) => r.parentId)
    .filter(Boolean),
);
const rows = [];
for (const route of Object.values(manifest.routes)) {
  // Pages only: resource routes load no JS, and layouts are counted with their children.
  if (!route.hasDefaultExport || parents.has(route.id)) continue;
  const routes = chain(route.id);
  const islandRoute = routes.find((r) => islands[r.id]);
  const island = islandRoute ? islands[islandRoute.id] : undefined;
  // An island page counts what its script loads later too (the forms' validation, on first
  // use), but for the home page's floating chat panel, which brings React when opened.
  const later = island && !LAZY_NOT_COUNTED.has(islandRoute.id) ? island.lazy : [];
  const files = new Set(
    island ? [island.file, ...island.imports, ...later] : [manifest.entry.module, ...manifest.entry.imports],
  );
  for (const r of island ? [] : routes) {
    if (r.module) files.add(r.module);
    for (const file of r.imports ?? []) files.add(file);
  }
  const bytes = [...files].reduce((sum, url) => sum + gzipSize(url), 0);
  const atLoad = bytes - later.reduce((sum, url) => sum + gzipSize(url), 0);
  const page = urlPath(routes);
  const budget = island ? ISLAND_BUDGET : PAGE_BUDGET;
  rows.push({ page, route: route.id, bytes, atLoad, budget });
}

rows.sort((a, b) => a.page.localeCompare(b.page));
let over = 0;
for (const row of rows) {
  const ok = row.bytes <= row.budget;
  if (!ok) over++;
  console.log(
    `${ok ? "ok  " : "OVER"} ${(row.bytes / KIB).toFixed(1).padStart(6)} KiB / ${row.budget / KIB} KiB  ${row.page}  (${row.route})${row.atLoad < row.bytes ? `, ${(row.atLoad / KIB).toFixed(1)} KiB with the page, the rest on first use` : ""}`,
  );
}
if (over) {
  console.error(`${over} page(s) over the JavaScript budget.`);
  process.exit(1);
}
