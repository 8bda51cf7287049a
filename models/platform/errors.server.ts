import { log, logContext } from "./log.server";

// An error nobody could handle (a loader or an action that threw, a render
// that failed, a background run that failed): logged once, with its stack and
// the request's or run's ids, where it is caught; and sent to Sentry when
// SENTRY_DSN is set (off by default). Sentry gets the error, the request id
// and the instance, nothing from the request itself (no headers, no body, no
// user details): errors only, no tracing of its own (OpenTelemetry does that).

type Reporter = {
  captureException: (error: unknown, hint: { tags: Record<string, string> }) => unknown;
  flush: (timeoutMs: number) => PromiseLike<boolean>;
};
let reporter: Reporter | undefined;

/** Turns Sentry on for this process (SENTRY_DSN); without a DSN, does nothing. */
export async function configureErrorReporting(settings: { dsn?: string; environment?: string }) {
  if (!settings.dsn) return;
  const Sentry = await import("@sentry/node");
  Sentry.initWithoutDefaultIntegrations({
    dsn: settings.dsn,
    environment: settings.environment,
    enableOpenTelemetrySetup: false,
  });
  reporter = Sentry;
}

/** Logs `error` (stack included) at error level with the current ids, and reports it to Sentry when on. */
export function reportError(error: unknown, message: string, fields: Record<string, unknown> = {}): void {
  log().error({ err: error, ...fields }, message);
  if (!reporter) return;
  const { requestId, job } = logContext();
  const tags: Record<string, string> = { instance: process.env.INSTANCE_NAME ?? "" };
  if (requestId) tags.requestId = requestId;
  if (job) tags.job = job;
  reporter.captureException(error, { tags });
}

/** Sends what Sentry still holds (at shutdown). */
export async function flushErrorReports(): Promise<void> {
  await reporter?.flush(2000);
}
