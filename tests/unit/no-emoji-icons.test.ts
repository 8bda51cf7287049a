// Issue 35: no emoji or dingbat stands in for an icon anywhere a client or a
// visitor looks. Icons are inline SVG (app/components/icons.tsx) beside a text
// label; fonts and platforms draw these characters differently, some as colour
// emoji, and screen readers read their names aloud.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Emoji and pictographs, miscellaneous symbols and dingbats (✓ ★ ☎ ✉ …). */
const PICTOGRAPH = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(tsx?|json|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

it("the app and its content use no emoji or dingbats as icons", () => {
  const found: string[] = [];
  for (const dir of ["app", "seeds"])
    for (const file of sourceFiles(path.join(ROOT, dir)))
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const match = PICTOGRAPH.exec(line);
          if (match) found.push(`${path.relative(ROOT, file)}:${i + 1} ${match[0]}`);
        });
  expect(found).toEqual([]);
});
