import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";

// The server's log: one JSON object a line on stdout (pino), for a collector
// to ship; pretty in development. Every line written while a request, a job
// run or an email retry is under way carries its ids (requestId, userId once
// the session is read, job), taken from the context below, so `grep
// <request id>` finds everything one request did (docs/decisions/0064-operations.md).

/** What every line written inside a request or a background run carries. */
export type LogContext = {
  requestId?: string;
  /** The signed-in account, once the app has read the session. */
  userId?: string;
  /** The person acting for a client organisation (app/lib/membership.server.ts; read with currentActor). */
  actorId?: string;
  job?: string;
  /** One background run (the jobs every minute, an email retry round). */
  runId?: string;
};

/**
 * Never logged, wherever they appear in a logged object: secrets (passwords,
 * tokens, cookies, keys), and card or signature data. A line shows
 * "[redacted]" in their place (tests/unit/request-log.test.ts).
 */
const REDACTED_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "apiKey",
  "authorization",
  "cookie",
  "set-cookie",
  "stripe-signature",
  "signature",
  "card",
  "cardNumber",
  "cvc",
];
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => {
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const member = safe.startsWith("[") ? safe : `.${safe}`;
  return [safe, `*${member}`, `*.*${member}`, `req.headers${member}`, `res.headers${member}`];
});

type Holder = { context: AsyncLocalStorage<LogContext>; logger?: Logger };
// On globalThis: server.js and the app's build each load this module (the
// build bundles it), and both must see one context and one logger.
const holder = ((globalThis as typeof globalThis & { __ascendraLog?: Holder }).__ascendraLog ??= {
  context: new AsyncLocalStorage<LogContext>(),
});

export type LogOptions = {
  level?: string;
  pretty?: boolean;
  /** Where lines go (tests): stdout by default. */
  destination?: DestinationStream;
};

/** A logger writing JSON lines with the current request's or run's ids on each. */
export function createLogger(options: LogOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? "info";
  const pretty = options.pretty ?? process.env.NODE_ENV === "development";
  const settings: pino.LoggerOptions = {
    level,
    base: { instance: process.env.INSTANCE_NAME || hostname(), pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    mixin: () => ({ ...holder.context.getStore() }),
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  if (options.destination) return pino(settings, options.destination);
  if (pretty && level !== "silent") {
    // Development only (a devDependency): readable lines, written in this thread.
    const prettyStream = createRequire(import.meta.url)("pino-pretty") as (
      options: object,
    ) => DestinationStream;
    return pino(settings, prettyStream({ colorize: true, sync: true }));
  }
  return pino(settings);
}

/** The process's logger (LOG_LEVEL, default info; pretty when NODE_ENV=development). */
export function log(): Logger {
  return (holder.logger ??= createLogger());
}

/** Replaces the process's logger (tests that read what is written). */
export function setLogger(logger: Logger | undefined): void {
  holder.logger = logger;
}

/**
 * Runs `work` with `context` on every line it (and whatever it awaits) logs.
 * `context` itself is the live context (with any outer one's ids added to
 * it): what addLogContext adds inside shows on the caller's object too.
 */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  const outer = holder.context.getStore();
  for (const [key, value] of Object.entries(outer ?? {}))
    if (!(key in context)) Object.assign(context, { [key]: value });
  return holder.context.run(context, work);
}

/** Adds to the current context (the user id, once the session is read); outside one, does nothing. */
export function addLogContext(fields: LogContext): void {
  const store = holder.context.getStore();
  if (store) Object.assign(store, fields);
}

/**
 * The person acting in this request for a client organisation (set when the
 * request resolves its member), or null: staff, a job, a webhook. Ledger,
 * payment and checkout rows record it as `actor_id` (decision 0077).
 */
export const currentActor = (): string | null => holder.context.getStore()?.actorId ?? null;

/** The current request's or run's ids. */
export function logContext(): LogContext {
  return holder.context.getStore() ?? {};
}
