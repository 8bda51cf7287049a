import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { warmSeededSentences } from "../../models/views/seeded-chat.server";
import {
  dropTestClones,
  prepareTestDatabaseTemplate,
  type TestDatabaseTemplate,
} from "../../models/platform/testing.server";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** Migrates one template database per run; with DATABASE_URL set, on that PostgreSQL server. */
export default async function setup(project: TestProject) {
  const template = await prepareTestDatabaseTemplate(process.env.DATABASE_URL || undefined);
  // The chat's first question in each worker would otherwise read every passage's sentences itself.
  await warmSeededSentences();
  project.provide("testDatabase", template);
  console.log(`Integration tests on ${template.kind === "postgres" ? "PostgreSQL" : "PGlite"}`);
  return async () => {
    if (template.kind === "pglite") await rm(template.dumpPath, { force: true });
    else await dropTestClones(template);
  };
}
