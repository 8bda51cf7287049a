import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./build-tools/islands.ts";
import { reactRouterProductionOnServer } from "./build-tools/react-router-production.ts";
import { zodWithoutJsonSchemaInBrowser } from "./build-tools/zod-without-json-schema.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouterProductionOnServer(),
    zodWithoutJsonSchemaInBrowser(),
    reactRouter(),
    islands(),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    // Fonts stay files (cached once, allowed by font-src 'self'), never data: URIs in the CSS.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
  },
  ssr: { target: "node" },
  server: { host: "127.0.0.1" },
});
