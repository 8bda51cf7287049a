import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each folder of models/ has a README that names every module in it (or the
// subfolder that holds it), so the README is the folder's table of contents.

const models = path.resolve(import.meta.dirname, "../../models");
const folders = readdirSync(models).filter((name) => statSync(path.join(models, name)).isDirectory());

function modules(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return modules(full, `${prefix}${name}/`);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [`${prefix}${name}`] : [];
  });
}

describe("every models/ folder's README", () => {
  for (const folder of folders)
    it(`names every module of models/${folder}`, () => {
      const readme = readFileSync(path.join(models, folder, "README.md"), "utf8");
      const unnamed = modules(path.join(models, folder)).filter((file) => {
        const subfolder = file.includes("/") ? `${file.split("/")[0]}/` : null;
        return !readme.includes(path.basename(file)) && !(subfolder && readme.includes(`\`${subfolder}\``));
      });
      expect(unnamed).toEqual([]);
    });
});
