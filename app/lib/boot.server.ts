import { deleteStaleConversations } from "~models/chat/conversations.server";
import { warmSentenceEncoder } from "~models/chat/encoder.server";
import { rebuildChatIndex } from "~models/chat/search-index.server";
import { configureChatLlm } from "~models/chat/llm.server";
import { deleteOldPostViews } from "~models/content/blog.server";
import { getDatabaseHandle, openDatabase, setDatabase } from "~models/platform/db.server";
import { runJobs } from "~models/billing/jobs.server";
import { runWeeklyDigest } from "~models/views/weekly-digest.server";
import {
  configureMail,
  EMAIL_RETRY_INTERVAL_MS,
  readOutboxBacklog,
  retryUnsentEmails,
} from "~models/platform/mail.server";
import { configureErrorReporting, flushErrorReports, reportError } from "~models/platform/errors.server";
import { log, withLogContext } from "~models/platform/log.server";
import { setOutboxReader } from "~models/platform/metrics.server";
import { startTracing } from "~models/platform/tracing.server";
import { deleteStalePasswordResets } from "~models/identity/password-reset.server";
import { deleteExpiredRateLimits } from "~models/platform/rate-limit.server";
import {
  PLANNER_STATISTICS_INTERVAL_MS,
  refreshPlannerStatistics,
} from "~models/platform/planner-statistics.server";
import { seedOnBoot } from "~models/views/seed.server";
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
import { randomUUID } from "node:crypto";

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
  // First: the instrumentations patch http, Express (which server.js loads
  // after this) and nothing of ours loaded earlier (docs/decisions/0064-operations.md).
  stopTracing = await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT });
  await configureErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  setSiteUrl(env.PUBLIC_URL ?? serverOrigin(env));
  configureChatLlm(chatLlmSettings(env));
  configureUploadStorage(createUploadStorage(uploadStorageSettings(env)));
  const payments = paymentSettings(env);
  configurePayments(payments);
  if (payments.mode === "none" && !payments.razorpay)
    log().warn(
      "Payments are not set up: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS=test for test payments). No order can be paid for until then.",
    );
  else if (payments.mode === "test" && env.NODE_ENV === "production")
    log().warn("PAYMENTS=test: the test gateway takes payments; no real money is taken.");
  const handle = await openDatabase(databaseConfig(env, "The server"));
  setDatabase(handle);
  setOutboxReader(readOutboxBacklog);
  // Under the boot lock, like the migrations: servers starting together on an
  // empty PostgreSQL database seed it once, one after another (decision 0039).
  const seeded = await handle.whileBootLocked(() => seedOnBoot());
  if (seeded.length) log().info({ seeds: seeded }, "Loaded content from seeds/");
  await cleanUpExpired();
  // The chat assistant's search index, from the content just seeded (see models/chat/index.server.ts).
  const index = await rebuildChatIndex();
  log().info(
    { passages: index.documents.size, languageModel: Boolean(env.CHAT_LLM_URL) },
    "Chat assistant index built",
  );
  // The sentence encoder (decision 0093) and the passages' sentences (0096),
  // read before the server listens so that the first question waits for
  // neither (about 0.3 s; 11 s the first time on a machine).
  const encoderStarted = performance.now();
  const read = await warmSentenceEncoder(index);
  log().info(
    { ...(read ?? { passages: 0, sentences: 0 }), ms: Math.round(performance.now() - encoderStarted) },
    read === null ? "Chat sentence encoder off: answering from words only" : "Chat sentence encoder ready",
  );
  // Blog view rows are only needed on their own day (docs/decisions/0010-blog-view-counting.md).
  every(
    () =>
      background(() =>
        deleteOldPostViews().catch((error) => reportError(error, "Deleting old blog views failed")),
      ),
    POST_VIEW_CLEANUP_INTERVAL_MS,
  );
  // Email that could not be sent stays in the outbox; try it again now and then.
  if (env.SMTP_URL) {
    every(
      () => background(() => retryUnsentEmails().catch((error) => reportError(error, "Email retry failed"))),
      EMAIL_RETRY_INTERVAL_MS,
    );
  }
  // The embedded database's planner statistics, which nothing else refreshes (PostgreSQL's autovacuum does).
  const statistics = () =>
    background(() =>
      refreshPlannerStatistics().catch((error) => reportError(error, "Refreshing planner statistics failed")),
    );
  statistics();
  every(statistics, PLANNER_STATISTICS_INTERVAL_MS);
  // Renewals, gift card delivery and token expiry (idempotent; see models/billing/jobs.server.ts).
  const siteUrl = env.PUBLIC_URL ?? serverOrigin(env);
  const jobs = () =>
    background(() =>
      runJobs(new Date(), { siteUrl })
        .catch((error) => reportError(error, "Billing jobs failed"))
        // The organisations' weekly digest (models/views/weekly-digest.server.ts), after the billing jobs.
        .then(() => runWeeklyDigest(new Date(), { siteUrl }))
        .catch((error) => reportError(error, "Weekly digest failed")),
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
/** Starts a background run with an id of its own (runId) on every line it logs. */
function background(start: () => Promise<unknown>): void {
  const run = withLogContext({ runId: randomUUID() }, start);
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
let stopTracing: (() => Promise<void>) | undefined;

export async function shutdown(): Promise<void> {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
  await Promise.allSettled([...running]);
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
  // What is still buffered: the last spans, the last error reports.
  await Promise.allSettled([stopTracing?.(), flushErrorReports()]);
}
