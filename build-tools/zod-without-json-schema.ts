// The browser's Zod without its JSON Schema generator.
//
// Zod 4's classic schemas give every schema a toJSONSchema() method and a
// Standard Schema `jsonSchema` member, so the generator (to-json-schema.js)
// and one JSON Schema processor per schema type (json-schema-processors.js)
// travel with any page that validates a form: about 4 KiB of gzip on every
// hydrated form page and island form, for a feature no browser code of ours
// calls (Conform reads constraints from the schemas' own checks). In the
// client build only, this plugin loads both modules with every export that
// generates JSON Schema replaced by a function that throws; aggregateChecks
// (which a string or number schema's minLength/minValue getters use) and what
// it needs are kept as Zod wrote them. The server build is untouched.
//
// The rewrite looks for Zod's modules as they are in 4.x; when a Zod upgrade
// changes them the build fails and says so, rather than shipping a half-stubbed Zod.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const GENERATOR = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
const PROCESSORS = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
const KEPT = "aggregateChecks";

const exportNames = (source: string) =>
  [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((match) => match[1]!);

const unsupported = `const unsupported = () => {
  throw new Error("JSON Schema generation is not part of the browser's Zod (build-tools/zod-without-json-schema.ts)");
};\n`;

/** to-json-schema.js: every export throws when used; the method factories return a method that throws. */
export function generatorStub(source: string): string {
  const names = exportNames(source);
  if (!names.includes("createToJSONSchemaMethod") || !/export \{ processSchema as process \}/.test(source))
    throw new Error("zod-without-json-schema: zod/v4/core/to-json-schema.js changed; read the plugin again");
  return (
    unsupported +
    names
      .map((name) =>
        name.startsWith("create")
          ? `export const ${name} = () => unsupported;`
          : `export const ${name} = unsupported;`,
      )
      .join("\n") +
    "\nexport { processSchema as process };\n"
  );
}

/** json-schema-processors.js: everything up to aggregateChecks as it is, every processor after it throws. */
export function processorsStub(source: string): string {
  const start = source.indexOf(`export function ${KEPT}(`);
  const end = source.indexOf("\n}\n", start);
  const names = exportNames(source);
  if (start < 0 || end < 0 || names.indexOf(KEPT) !== 0 || !names.includes("allProcessors"))
    throw new Error(
      "zod-without-json-schema: zod/v4/core/json-schema-processors.js changed; read the plugin again",
    );
  const kept = source
    .slice(0, end + 3)
    // The generator's helpers are imported for the processors only.
    .replace(/^import [^;]*from "\.\/to-json-schema\.js";$/m, "");
  if (/\b(processSchema|extractDefs|finalize|initializeContext|handleUnrepresentable)\(/.test(kept))
    throw new Error("zod-without-json-schema: aggregateChecks now uses the generator; read the plugin again");
  return (
    kept +
    unsupported +
    names
      .filter((name) => name !== KEPT)
      .map((name) =>
        name === "allProcessors" ? "export const allProcessors = {};" : `export const ${name} = unsupported;`,
      )
      .join("\n") +
    "\n"
  );
}

export function zodWithoutJsonSchemaInBrowser(): Plugin {
  let isBuild = false;
  return {
    name: "ascendra-zod-without-json-schema",
    enforce: "pre",
    config(_config, env) {
      isBuild = env.command === "build";
    },
    load(id) {
      if (!isBuild || this.environment.name !== "client") return;
      const file = id.split("?")[0]!;
      if (GENERATOR.test(file)) return generatorStub(readFileSync(file, "utf8"));
      if (PROCESSORS.test(file)) return processorsStub(readFileSync(file, "utf8"));
    },
  };
}
