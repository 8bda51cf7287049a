import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository root, found by walking up from this module to the nearest
 * package.json. The same code runs from models/ (tsx, vitest) and bundled into
 * build/server/, so a fixed relative path would be wrong in one of them.
 */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const APP_ROOT = findAppRoot();
export const MIGRATIONS_DIR = path.join(APP_ROOT, "drizzle");
export const SEEDS_DIR = path.join(APP_ROOT, "seeds");
