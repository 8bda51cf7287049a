import { deleteStaleConversations } from "~models/chat/conversations.server";
import { rebuildChatIndex } from "~models/chat/index.server";
import { configureChatLlm } from "~models/chat/llm.server";
import { deleteOldPostViews } from "~models/content/blog.server";
import { getDatabaseHandle, openDatabase, setDatabase } from "~models/platform/db.server";
import { runJobs } from "~models/billing/jobs.server";
import { configureMail, EMAIL_RETRY_INTERVAL_MS, retryUnsentEmails } from "~models/platform/mail.server";
import { deleteStalePasswordResets } from "~models/identity/password-reset.server";
import { deleteExpiredRateLimits } from "~models/platform/rate-limit.server";
import { seedOnBoot } from "~models/content/seed.server";
import { deleteExpiredSessions } from "~models/identity/sessions.server";
import { configurePayments } from "~models/billing/gateway-setup.server";
import { configureUploadStorage, createUploadStorage } from "~models/platform/storage/storage.server";
import {
  chatLlmSettings,
  databaseConfig,
  getEnv,
  paymentSettings,
  uploadStorageSettings,
} from "./env.server";
import { serverOrigin } from "./allowed-hosts.server";
import { setSiteUrl } from "~models/platform/site-url";

export const env = getEnv();

/** How often old blog view rows are deleted while the server runs. */
const POST_VIEW_CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Opens and migrates the database once per process, at boot rather than on
 * the first request (PGlite's first open of a new data dir takes seconds),
 * and seeds an empty database.
 */
async function boot(): Promise<void> {
  if (getDatabaseHandle()) return;
  configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  setSiteUrl(env.PUBLIC_URL ?? serverOrigin(env));
  configureChatLlm(chatLlmSettings(env));
  configureUploadStorage(createUploadStorage(uploadStorageSettings(env)));
  const payments = paymentSettings(env);
  configurePayments(payments);
  if (payments.mode === "none")
    console.warn(
      "Payments are not set up: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS=test for test payments). No order can be paid for until then.",
    );
  else if (payments.mode === "test" && env.NODE_ENV === "production")
    console.warn("PAYMENTS=test: the test gateway takes payments; no real money is taken.");
  const handle = await openDatabase(databaseConfig(env, "The server"));
  setDatabase(handle);
  // Under the boot lock, like the migrations: servers starting together on an
  // empty PostgreSQL database seed it once, one after another (decision 0039).
  const seeded = await handle.whileBootLocked(() => seedOnBoot());
  if (seeded.length) console.log(`Loaded content from seeds/: ${seeded.join(", ")}.`);
  await cleanUpExpired();
  // The chat assistant's search index, from the content just seeded (see models/chat/index.server.ts).
  const index = await rebuildChatIndex();
  console.log(
    `Chat assistant: ${index.documents.size} passages indexed${env.CHAT_LLM_URL ? ", language model on" : ""}.`,
  );
  // Blog view rows are only needed on their own day (docs/decisions/0010-blog-view-counting.md).
  every(
    () =>
      background(
        deleteOldPostViews().catch((error) => console.error("Deleting old blog views failed:", error)),
      ),
    POST_VIEW_CLEANUP_INTERVAL_MS,
  );
  // Email that could not be sent stays in the outbox; try it again now and then.
  if (env.SMTP_URL) {
    every(
      () => background(retryUnsentEmails().catch((error) => console.error("Email retry failed:", error))),
      EMAIL_RETRY_INTERVAL_MS,
    );
  }
  // Renewals, gift card delivery and token expiry (idempotent; see models/billing/jobs.server.ts).
  const siteUrl = env.PUBLIC_URL ?? serverOrigin(env);
  const jobs = () =>
    background(
      runJobs(new Date(), { siteUrl }).catch((error) => console.error("Billing jobs failed:", error)),
    );
  jobs();
  every(jobs, env.JOBS_INTERVAL_SECONDS * 1000);
}

// The timers of the background work, stopped at shutdown, and the runs still
// going, which shutdown waits for: a job run ends its transaction before the
// pool closes (docs/decisions/0064-operations.md).
const timers = new Set<ReturnType<typeof setInterval>>();
const running = new Set<Promise<unknown>>();
function every(work: () => void, ms: number): void {
  timers.add(setInterval(work, ms).unref());
}
function background(run: Promise<unknown>): void {
  running.add(run);
  void run.finally(() => running.delete(run));
}

/** Expired sessions, rate-limit windows, reset links, old chats and old blog view rows: at boot, and after logins. */
async function cleanUpExpired(): Promise<void> {
  await Promise.all([
    deleteExpiredSessions(),
    deleteExpiredRateLimits(),
    deleteStalePasswordResets(),
    deleteStaleConversations(),
    deleteOldPostViews(),
  ]);
}

export const ready = boot();

/**
 * Stops the background work from starting again, waits for the runs still
 * going (a job, an email retry), then closes the database. The caller bounds
 * how long this may take.
 */
export async function shutdown(): Promise<void> {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
  await Promise.allSettled([...running]);
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}
