// npm run jobs: renewals, gift card delivery and token expiry, once. Idempotent,
// so cron may run it every minute. The server also runs these jobs every
// minute; on PostgreSQL one process runs a given job at a time (an advisory
// lock, decision 0039). With the embedded database (one process per data dir)
// only the server may, so this refuses while the server holds the data dir's lock.
import { databaseConfig, loadEnv, paymentSettings } from "../app/lib/env.server";
import { configurePayments } from "../models/billing/gateway-setup.server";
import { configureMail } from "../models/platform/mail.server";
import { setDatabase } from "../models/platform/db.server";
import { runJobs } from "../models/billing/jobs.server";
import { runWeeklyDigest } from "../models/views/weekly-digest.server";
import { serverOrigin } from "../app/lib/allowed-hosts.server";
import { openDatabaseForScript } from "./open-database";
import { setSiteUrl, siteUrl } from "../models/platform/site-url";

const env = loadEnv();
configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
configurePayments(paymentSettings(env));
const handle = await openDatabaseForScript(databaseConfig(env, "npm run jobs"));
setDatabase(handle);
try {
  setSiteUrl(env.PUBLIC_URL ?? serverOrigin(env));
  const report = await runJobs(new Date(), { siteUrl: siteUrl() });
  console.log(
    `Renewals due: ${report.renewalsDue}, periods renewed: ${report.periodsRenewed}; gift cards delivered: ${report.giftCardsDelivered}; accounts with expired tokens settled: ${report.accountsExpired}; expiry reminders sent: ${report.expiryReminders}; delivery clock reminders sent: ${report.clockReminders}; receipts sent: ${report.receiptsSent}.`,
  );
  const digest = await runWeeklyDigest(new Date(), { siteUrl: siteUrl() });
  console.log(
    digest ? `Weekly digests sent: ${digest.sent}.` : "Weekly digest: being run by another process just now.",
  );
  if (report.skipped.length)
    console.log(`Being run by another process just now, so skipped: ${report.skipped.join(", ")}.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  setDatabase(undefined);
  await handle.close();
}
