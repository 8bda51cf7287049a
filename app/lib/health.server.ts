import { pingDatabase } from "~models/platform/db.server";
import { appliedSchemaVersion, expectedSchemaVersion } from "~models/platform/schema-version.server";

// Liveness and readiness (docs/decisions/0064-operations.md). /healthz says
// the process is alive and answering; /readyz says a load balancer may send
// it requests: the database answers, its schema is the one this build
// expects, and the process is not shutting down.

let shuttingDown = false;

/** From SIGTERM on, /readyz answers 503, so a load balancer stops sending requests here. */
export function beginShutdown(): void {
  shuttingDown = true;
}

type Check = { ok: boolean; detail?: string };
export type Readiness = { ready: boolean; checks: { database: Check; migrations: Check; shutdown: Check } };

/** How long the database may take to answer a readiness probe. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function readiness(): Promise<Readiness> {
  const shutdown: Check = shuttingDown ? { ok: false, detail: "shutting down" } : { ok: true };
  let database: Check = { ok: true };
  let migrations: Check = { ok: false, detail: "not checked" };
  try {
    await withTimeout(pingDatabase(), PROBE_TIMEOUT_MS);
    const expected = expectedSchemaVersion();
    const applied = await withTimeout(appliedSchemaVersion(), PROBE_TIMEOUT_MS);
    migrations =
      applied.when === expected.when
        ? { ok: true, detail: expected.tag ?? "none" }
        : { ok: false, detail: `at ${applied.tag ?? applied.when ?? "none"}, expected ${expected.tag}` };
  } catch (error) {
    database = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  return {
    ready: shutdown.ok && database.ok && migrations.ok,
    checks: { database, migrations, shutdown },
  };
}
