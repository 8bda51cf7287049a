// Route discovery for the quality gates: every route in app/routes.ts, with
// what its module exports, so a route added later is covered without editing
// the harness.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export type DiscoveredRoute = {
  /** The URL pattern, e.g. "/project/:id" or "/solutions/:scolor?". */
  pattern: string;
  /** React Router's route id, e.g. "routes/projects/detail". */
  id: string;
  file: string;
  /** A page (renders HTML) rather than a resource route. */
  page: boolean;
  loader: boolean;
  action: boolean;
  /** The files of the layouts it renders inside, outermost first (app/root.tsx not included). */
  parents: string[];
};

function exportsOf(file: string) {
  const source = readFileSync(path.join(APP_DIR, file), "utf8");
  const named = (name: string) =>
    new RegExp(
      `export\\s+(async\\s+)?(function|const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
    ).test(source);
  return { page: /export\s+default\b/.test(source), loader: named("loader"), action: named("action") };
}

function join(parent: string, child?: string) {
  if (!child) return parent;
  return `${parent.replace(/\/$/, "")}/${child}`;
}

function flatten(
  entries: RouteConfigEntry[],
  parent: string,
  out: DiscoveredRoute[],
  parents: string[] = [],
) {
  for (const entry of entries) {
    const pattern = join(parent, entry.path);
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const hasChildren = (entry.children?.length ?? 0) > 0;
    // Layouts (no path of their own, or with children) are reached through their children.
    if (!hasChildren && (entry.path !== undefined || entry.index)) {
      out.push({ pattern: pattern || "/", id, file: entry.file, parents, ...exportsOf(entry.file) });
    }
    if (hasChildren) {
      // A route with a path and children renders at its own path through its index child.
      flatten(entry.children!, pattern, out, [...parents, entry.file]);
    }
  }
  return out;
}

/** Every leaf route: pages and resource routes, the catch-all excluded. */
export function discoverRoutes(
  config: RouteConfigEntry[] = routeConfig as RouteConfigEntry[],
): DiscoveredRoute[] {
  return flatten(config, "/", [])
    .map((r) => ({ ...r, pattern: r.pattern.startsWith("/") ? r.pattern : `/${r.pattern}` }))
    .filter((r) => !r.pattern.includes("*"));
}

/** The names of a pattern's parameters, optional ones included. */
export function paramsOf(pattern: string): { name: string; optional: boolean }[] {
  return [...pattern.matchAll(/:(\w+)(\?)?/g)].map((m) => ({ name: m[1]!, optional: m[2] === "?" }));
}

/**
 * Whether a parameter carries a number (a page, a position, a version), by its
 * name in app/routes.ts: the gates try such a parameter with numbers past
 * every integer column. Ids are UUIDs and are not numbers.
 */
export function isNumericParam(name: string): boolean {
  return /^(page|index|number|version|position)$|(Page|Index|Number|Version)$/.test(name);
}

/** A concrete URL for a pattern: named params from `values`, optional ones dropped when unknown. */
export function fillPattern(pattern: string, values: Record<string, string | undefined>): string | null {
  let missing = false;
  const url = pattern.replace(/\/:(\w+)(\?)?/g, (_all, name: string, optional?: string) => {
    const value = values[name];
    if (value !== undefined) return `/${encodeURIComponent(value)}`;
    if (optional) return "";
    missing = true;
    return "";
  });
  return missing ? null : url || "/";
}
