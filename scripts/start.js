// npm start: build once if there is no build yet, then start the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: running npm run build first.");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server.js");
