// Islands: pages that React does not hydrate. Such a page (a route listed in
// app/islands/routes.json) is server-rendered as usual but loads one small
// script of its own instead of the React Router runtime; see decision 0021.
//
// This plugin adds each island script to the client build as an extra entry,
// tells the server build where the emitted files are (virtual:islands), and
// writes build/islands.json for the JavaScript budget check.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** `imports`: loaded with the page; `lazy`: what the script imports later (on first use), and their imports. */
export type IslandAsset = { file: string; imports: string[]; lazy: string[] };

export function islands(): Plugin {
  let root = process.cwd();
  let isBuild = false;
  let base = "/";
  // route id → island name, e.g. { "routes/home": "home" }
  let routes: Record<string, string> = {};
  const built: Record<string, IslandAsset> = {};

  const source = (name: string) => path.join(root, "app/islands", `${name}.ts`);

  return {
    name: "ascendra-islands",
    enforce: "post",
    config(config, env) {
      root = config.root ? path.resolve(config.root) : process.cwd();
      isBuild = env.command === "build";
      base = config.base ?? "/";
      routes = JSON.parse(readFileSync(path.join(root, "app/islands/routes.json"), "utf8"));
    },
    configEnvironment(name) {
      if (!isBuild || name !== "client") return;
      // Merged with React Router's own inputs (arrays are concatenated). React,
      // React DOM and React Router stay one chunk: the island loads it lazily
      // (the chat panel), and hydrated pages load it as one file, not several.
      return {
        build: {
          rollupOptions: {
            input: [...new Set(Object.values(routes))].map(source),
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  },
                  // Zod, our words for its messages (models/forms/zod-messages.ts) and Conform's React-free
                  // part that parses form data with a schema travel together: every page that validates a
                  // form loads them, hydrated or island (decision 0045), so one file saves requests.
                  {
                    name: "zod",
                    test: /node_modules[\\/](zod|@conform-to[\\/](dom|zod))[\\/]|models[\\/]forms[\\/]zod-messages/,
                  },
                  // What the root and the site's navbar load on every hydrated page, one file rather than
                  // four (each small file compresses on its own). A group takes its modules' imports along,
                  // so nothing here may import what an island imports itself (dismissable, honeypot): an
                  // island must not load React.
                  {
                    name: "site-shell",
                    test: /app[\\/]components[\\/](nonce|error-list|icons)\.tsx$|app[\\/]lib[\\/]outcome-focus\.ts$/,
                  },
                  // Conform's React hooks and the one hook that sets them up: hydrated form pages only.
                  {
                    name: "conform",
                    test: /node_modules[\\/]@conform-to[\\/]react[\\/]|app[\\/]lib[\\/]use-zod-form/,
                  },
                ],
              },
            },
          },
        },
      };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      // Route id → script URL and the chunks it imports. In development Vite serves the source itself.
      // The client build runs first and records its files in build/islands.json;
      // the client's own copy of this module is never used (islands only
      // render on the server).
      const urls: Record<string, IslandAsset> = {};
      const recorded: Record<string, IslandAsset | undefined> =
        isBuild && this.environment.name !== "client"
          ? JSON.parse(readFileSync(path.join(root, "build/islands.json"), "utf8"))
          : {};
      for (const [routeId, name] of Object.entries(routes)) {
        urls[routeId] = isBuild
          ? (recorded[routeId] ?? { file: "", imports: [], lazy: [] })
          : { file: `/app/islands/${name}.ts`, imports: [], lazy: [] };
      }
      return `export default ${JSON.stringify(urls)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      // Every chunk an island loads, directly or through another chunk (with
      // `lazy`, also through the script's dynamic imports).
      const closure = (fileName: string, seen = new Set<string>(), lazy = false): Set<string> => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk") return seen;
        for (const file of lazy ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
          if (!seen.has(file)) closure(file, seen.add(file), lazy);
        }
        return seen;
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || !chunk.facadeModuleId) continue;
        for (const name of new Set(Object.values(routes))) {
          if (chunk.facadeModuleId === source(name)) {
            const imports = closure(chunk.fileName);
            built[name] = {
              file: `${base}${chunk.fileName}`,
              imports: [...imports].map((f) => `${base}${f}`),
              lazy: [...closure(chunk.fileName, new Set(), true)]
                .filter((f) => !imports.has(f))
                .map((f) => `${base}${f}`),
            };
          }
        }
      }
    },
    writeBundle() {
      if (this.environment.name !== "client") return;
      const out = path.join(root, "build");
      mkdirSync(out, { recursive: true });
      const byRoute = Object.fromEntries(
        Object.entries(routes).map(([routeId, name]) => [routeId, built[name]]),
      );
      writeFileSync(path.join(out, "islands.json"), `${JSON.stringify(byRoute, null, 2)}\n`);
    },
  };
}
