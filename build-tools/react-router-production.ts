// The server build runs React Router's production build
// (docs/decisions/0040-render-cost.md).
//
// react-router's exports map sends Node (the "node" condition, and "import"
// and "default" after it) to dist/development, and has no condition that
// picks dist/production; the server build left react-router external, so the
// production server ran the development build. This plugin bundles
// React Router into the server build (and its adapters, so they share the one
// copy: @react-router/express and @react-router/node import react-router
// themselves), with every import of react-router resolved to
// dist/production. Development (Vite's dev server) and the client build are
// left as React Router's own Vite plugin sets them up.
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** What is bundled into the server build rather than imported from node_modules at run time. */
const BUNDLED = [
  "react-router",
  "@react-router/node",
  "@react-router/express",
  // react-router's own copy (it depends on a newer major than the one at the top of node_modules).
  "cookie",
];

/** Entry points of react-router that the server may import, by specifier. */
const PRODUCTION_ENTRIES: Record<string, string> = {
  "react-router": "dist/production/index.mjs",
  "react-router/dom": "dist/production/dom-export.mjs",
};

export function reactRouterProductionOnServer(): Plugin {
  let isBuild = false;
  let packageDir = "";
  return {
    name: "ascendra-react-router-production",
    enforce: "pre",
    config(config, env) {
      isBuild = env.command === "build";
      const root = config.root ? path.resolve(config.root) : process.cwd();
      const require = createRequire(path.join(root, "package.json"));
      packageDir = path.dirname(require.resolve("react-router/package.json"));
    },
    configEnvironment(name) {
      if (!isBuild || name === "client") return;
      return { resolve: { noExternal: BUNDLED } };
    },
    resolveId(source) {
      if (!isBuild || this.environment.name === "client") return null;
      const entry = PRODUCTION_ENTRIES[source];
      return entry ? path.join(packageDir, entry) : null;
    },
  };
}
