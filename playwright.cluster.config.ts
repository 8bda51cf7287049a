import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The cluster subset (tests/cluster): the same browser and settings as the
// end-to-end suite, against nginx in front of several production processes on
// one PostgreSQL. scripts/cluster.sh starts them and sets CLUSTER_URL (nginx)
// and CLUSTER_APP_URLS (each process, to check that all of them agree):
//   npm run test:cluster

export default defineConfig({
  ...base,
  testDir: "tests/cluster",
  // A folder of its own: CI runs the cluster beside the e2e phase, and each run empties its outputDir.
  outputDir: "test-results/cluster",
  globalSetup: "./tests/cluster/global-setup.ts",
  use: { ...base.use, baseURL: process.env.CLUSTER_URL },
  webServer: undefined,
});
