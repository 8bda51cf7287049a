import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_STAFF } from "./tests/e2e/staff-account";

// Playwright cannot download its own browser here: use Debian's Chromium when
// it is installed, Playwright's own browser otherwise. Debian's old headless
// shell (package chromium-headless-shell) comes first: it is the build
// Playwright itself runs headless tests in, and it needs a third less CPU than
// the full browser in headless mode, which matters on a 2-core machine.
// PW_CHROMIUM names another binary.
const SYSTEM_CHROMIUMS = [process.env.PW_CHROMIUM, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const executablePath = SYSTEM_CHROMIUMS.find((file) => file && existsSync(file));

const PORT = Number(process.env.E2E_PORT ?? 4317);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Not the default test-results/ itself: the cluster's run (playwright.cluster.config.ts) keeps its
  // own folder beside this one, and a run empties only its own.
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI, to report a test that passes only on retry as flaky, and
  // such a test fails the run: flakiness is fixed at its cause, never retried away.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // CI machines are shared and slow: a test gets a minute there, the default 30 s elsewhere.
  timeout: process.env.CI ? 60_000 : 30_000,
  // A step that waits on the server (a sign-in hashes a password, a post renders the next page) gets
  // 10 s on a shared 2-core CI machine before the assertion gives up; the default 5 s elsewhere.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL: BASE_URL,
    // Pages load as for a visitor who asked for reduced motion: the header's rotating words and
    // the home page's marquee otherwise keep an idle page repainting (about 0.2 s of CPU a second
    // per open page in the headless shell, against 0.07 without). The tests whose subject is
    // motion ask for it back (emulateMedia reducedMotion "no-preference").
    reducedMotion: "reduce",
    // A trace is recorded on the retry of a failed test only: recording one for
    // every test (retain-on-failure) took a third of the suite's time, its CPU
    // mostly spent on screenshots of tests that pass. Locally, --trace on.
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      // No sandbox as root in containers; no background traffic on a closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // The production build (npm run build first), on its own fresh data dir,
  // which starts with one staff account made by the documented command.
  // E2E_PORT picks the port (and so the data dir) when several runs share a machine.
  webServer: {
    // scripts/e2e-server.mjs: rm -rf the data dir, create-staff, node server.js, on this Node binary.
    command: [
      JSON.stringify(process.execPath),
      "scripts/e2e-server.mjs",
      `.data/e2e-${PORT}`,
      E2E_STAFF.email,
      E2E_STAFF.username,
      E2E_STAFF.password,
    ].join(" "),
    url: `${BASE_URL}/healthz`,
    // TRUST_PROXY lets each test present its own client address (X-Forwarded-For),
    // so rate limits only meet the tests written for them.
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: `.data/e2e-${PORT}`,
      NODE_ENV: "production",
      TRUST_PROXY: "true",
      // Production takes test payments only when told to (docs/decisions/0036).
      PAYMENTS: "test",
      // Reminders and expiries run every 2 s instead of every minute, so a test waits seconds for them.
      JOBS_INTERVAL_SECONDS: "2",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
  },
});
