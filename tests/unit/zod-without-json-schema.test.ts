import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { z as zod } from "zod";
import { generatorStub, processorsStub } from "../../build-tools/zod-without-json-schema";

// The client build's Zod without its JSON Schema generator, checked against the
// Zod that is installed: a copy of its v4 modules with the two rewritten ones
// validates and coerces as Zod does, reads a schema's limits (which the
// processors' module serves), and throws only when asked for JSON Schema.

const zodDir = path.resolve(import.meta.dirname, "../../node_modules/zod/v4");
const copy = mkdtempSync(path.join(os.tmpdir(), "zod-without-json-schema-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

type Zod = typeof zod;

async function stubbedZod(): Promise<Zod> {
  cpSync(zodDir, path.join(copy, "v4"), { recursive: true });
  for (const [file, stub] of [
    ["to-json-schema.js", generatorStub],
    ["json-schema-processors.js", processorsStub],
  ] as const) {
    const target = path.join(copy, "v4/core", file);
    writeFileSync(target, stub(readFileSync(target, "utf8")));
  }
  const classic = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(copy, "v4/classic/index.js")).href
  )) as {
    z: Zod;
  };
  return classic.z;
}

describe("zod without JSON Schema (client build)", () => {
  it("validates, coerces and reads limits as Zod does; only JSON Schema throws", async () => {
    const z = await stubbedZod();
    const schema = z.object({
      title: z.string().trim().min(2, { error: "Too short" }).max(10),
      email: z.string().pipe(z.email()),
      count: z.coerce.number().int().min(1),
      kind: z.enum(["a", "b"]).optional(),
    });
    expect(schema.parse({ title: "  Logo ", email: "a@b.co", count: "3" })).toEqual({
      title: "Logo",
      email: "a@b.co",
      count: 3,
    });
    const failed = schema.safeParse({ title: "x", email: "no", count: "0", kind: "c" });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "title",
      "email",
      "count",
      "kind",
    ]);
    expect(failed.error?.issues[0]?.message).toBe("Too short");
    const title = z.string().min(2).max(10);
    expect([title.minLength, title.maxLength]).toEqual([2, 10]);
    expect(() => z.toJSONSchema(schema)).toThrow(/not part of the browser's Zod/);
  });

  it("stops the build when Zod's modules change", () => {
    expect(() => generatorStub("export const something = 1;")).toThrow(/changed/);
    expect(() => processorsStub("export const something = 1;")).toThrow(/changed/);
  });
});
