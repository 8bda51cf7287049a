import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { islands } from "./build-tools/islands.ts";
import { HTTP_SERVERS } from "./tests/http/global-setup.ts";

export default defineConfig({
  // root.tsx imports virtual:islands (decision 0021).
  plugins: [islands()],
  resolve: { tsconfigPaths: true },
  test: {
    // One worker per core. Vitest's own default is one fewer, which on a 2-core CI machine
    // is a single worker: unit + integration took 301 s that way and 178 s with two.
    maxWorkers: availableParallelism(),
    // CI also writes a JSON report, which scripts/test-summary.js adds up.
    reporters: process.env.VITEST_JSON_OUTPUT
      ? ["default", ["json", { outputFile: process.env.VITEST_JSON_OUTPUT }]]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // The app's log (pino) stays out of the test output; a test that reads it sets its own logger.
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
          include: ["app/**/*.test.{ts,tsx}", "models/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          // Files share a module graph per worker instead of importing it afresh each: imports were
          // 66 s of the unit project's 50 s on two workers, 16 s of 15 s this way. No unit test mocks
          // a module; one that ever does must restore it, as in the integration project.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          // One database clone per worker, emptied before each file (see
          // tests/integration/setup.ts). Files share a module graph, so a test
          // that mocks a module must restore it (vi.restoreAllMocks / vi.doUnmock).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Measurements on the integration fixtures (npm run bench:*), never part of npm test.
          name: "bench",
          include: ["scripts/bench/**/*.measure.ts"],
          // One file at a time: two measurements side by side would time each other's load.
          maxWorkers: 1,
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          isolate: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // What needs a running server but no browser: status codes, redirects,
          // headers, the access matrix, no-JS form posts. Runs the production
          // build (npm run build first): one child process per worker, shared by its files.
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["tests/http/global-setup.ts"],
          // Two workers, each with its own server (global-setup.ts): files on one worker meet only
          // that worker's server. Two workers on one shared server took 164 s against 170 s for one,
          // the server being what limited them.
          maxWorkers: HTTP_SERVERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
