import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// Screenshots of the client workspace for docs/screenshots (issue 35): the
// same browser and production server as the end-to-end suite, one worker so
// the pictures are taken in order. Not part of npm test:
//   npm run build && npm run screenshots

export default defineConfig({
  ...base,
  testDir: "tests/screenshots",
  workers: 1,
  retries: 0,
});
