// npm run jobs: renewals, gift card delivery and token expiry, once. Idempotent,
// so cron may run it every minute. The server also runs these jobs every
// minute; with the embedded database (one process per data dir) only the
// server may, so this refuses while the server has the data dir open.
import { existsSync } from "node:fs";
import path from "node:path";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { configureMail } from "../models/mail.server";
import { openDatabase, setDatabase } from "../models/db.server";
import { runJobs } from "../models/jobs.server";

const env = loadEnv();
const config = databaseConfig(env);
if (config.kind === "pglite" && config.dataDir && existsSync(path.join(config.dataDir, "postmaster.pid"))) {
  console.error(`The embedded database in ${config.dataDir} is open in another process (the server runs these jobs every minute itself). Stop it first, or use PostgreSQL (DATABASE_URL) to run jobs from cron.`);
  process.exit(1);
}
configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
const handle = await openDatabase(config);
setDatabase(handle);
try {
  const report = await runJobs();
  console.log(`Renewals due: ${report.renewalsDue}, periods renewed: ${report.periodsRenewed}; gift cards delivered: ${report.giftCardsDelivered}; accounts with expired tokens settled: ${report.accountsExpired}.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  setDatabase(undefined);
  await handle.close();
}
