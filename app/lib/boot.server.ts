import { getDatabaseHandle, openDatabase, setDatabase } from "~models/db.server";
import { JOBS_INTERVAL_MS, runJobs } from "~models/jobs.server";
import { configureMail, EMAIL_RETRY_INTERVAL_MS, retryUnsentEmails } from "~models/mail.server";
import { deleteStalePasswordResets } from "~models/password-reset.server";
import { deleteExpiredRateLimits } from "~models/rate-limit.server";
import { seedOnBoot } from "~models/seed.server";
import { deleteExpiredSessions } from "~models/sessions.server";
import { databaseConfig, getEnv } from "./env.server";

export const env = getEnv();

/**
 * Opens and migrates the database once per process, at boot rather than on
 * the first request (PGlite's first open of a new data dir takes seconds),
 * and seeds an empty database.
 */
async function boot(): Promise<void> {
  if (getDatabaseHandle()) return;
  configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const handle = await openDatabase(databaseConfig(env));
  setDatabase(handle);
  const seeded = await seedOnBoot();
  if (seeded.length) console.log(`Loaded content from seeds/: ${seeded.join(", ")}.`);
  await cleanUpExpired();
  // Email that could not be sent stays in the outbox; try it again now and then.
  if (env.SMTP_URL) {
    setInterval(() => void retryUnsentEmails().catch((error) => console.error("Email retry failed:", error)), EMAIL_RETRY_INTERVAL_MS).unref();
  }
  // Renewals, gift card delivery and token expiry (idempotent; see models/jobs.server.ts).
  const jobs = () => void runJobs().catch((error) => console.error("Billing jobs failed:", error));
  jobs();
  setInterval(jobs, JOBS_INTERVAL_MS).unref();
}

/** Expired sessions, rate-limit windows and reset links: at boot, and after logins. */
export async function cleanUpExpired(): Promise<void> {
  await Promise.all([deleteExpiredSessions(), deleteExpiredRateLimits(), deleteStalePasswordResets()]);
}

export const ready = boot();

export async function shutdown(): Promise<void> {
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}
