import { isIP } from "node:net";
import { z } from "zod";
import type { PaymentSettings } from "~models/billing/gateway-setup.server";
import type { DatabaseConfig } from "~models/platform/db.server";
import type { UploadStorageSettings } from "~models/platform/storage/storage.server";

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** A whole number of seconds from 1 to `max`, `fallback` when unset. */
const seconds = (max: number, fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1" })
      .max(max, { error: `must be at most ${max}` })
      .default(fallback),
  );

/** Express's named address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Express's `trust proxy`: false (no proxy), a number of proxy hops, or the
 * proxies' addresses. `true` means one hop, never "trust every hop": with
 * that, Express would take the left-most X-Forwarded-For entry, which the
 * client writes itself (docs/decisions/0029).
 */
export type TrustProxy = false | number | string[];
const TRUST_PROXY_HELP =
  "must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or CIDRs";
function parseTrustProxy(value: string): TrustProxy | undefined {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === "false" || trimmed === "0") return false;
  if (trimmed === "true") return 1;
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(",").map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

// A host name or [IPv6 address], and an optional port: what a Host header carries.
const HOST_ENTRY =
  /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/;

/** Every environment variable the server reads. Documented in README.md. */
const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyAsUnset,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: "must be a whole number from 1 to 65535" })
        .int("must be a whole number from 1 to 65535")
        .min(1, "must be a whole number from 1 to 65535")
        .max(65535, "must be a whole number from 1 to 65535")
        .default(3000),
    ),
    HOST: z.preprocess(emptyAsUnset, z.string().default("127.0.0.1")),
    DATABASE_URL: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
    ),
    DATA_DIR: z.preprocess(emptyAsUnset, z.string().default(".data")),
    // How often each process runs the time-based jobs (renewals, reminders, expiries).
    JOBS_INTERVAL_SECONDS: seconds(3600, 60),
    // How long a process may take, after SIGTERM, to finish its requests and its running job.
    SHUTDOWN_TIMEOUT_SECONDS: seconds(600, 25),
    // The log's level (pino): fatal, error, warn, info (default), debug, trace, or silent.
    LOG_LEVEL: z.preprocess(
      emptyAsUnset,
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          error: "must be one of fatal, error, warn, info, debug, trace, silent",
        })
        .default("info"),
    ),
    /** Serve a document whose URL and loader data match a recent render from memory (true by default). */
    RENDER_MEMO: z.preprocess(
      emptyAsUnset,
      z
        .enum(["true", "false"], { error: "must be true or false" })
        .default("true")
        .transform((value) => value === "true"),
    ),
    /** The bearer token /metrics asks for; unset, /metrics answers 404. */
    METRICS_TOKEN: z.preprocess(
      emptyAsUnset,
      z.string().min(16, { error: "must be at least 16 characters (a random secret)" }).optional(),
    ),
    /** A second port (on HOST) answering only /metrics, without the token, for a scraper inside the network. */
    METRICS_PORT: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: "must be a whole number from 1 to 65535" })
        .int("must be a whole number from 1 to 65535")
        .min(1, "must be a whole number from 1 to 65535")
        .max(65535, "must be a whole number from 1 to 65535")
        .optional(),
    ),
    /** Traces over OTLP/HTTP to this collector (e.g. http://127.0.0.1:4318); unset, tracing is off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    /** Errors to Sentry; unset, errors only reach the log. */
    SENTRY_DSN: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://…@…/project)" }).optional(),
    ),
    TRUST_PROXY: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .default("false")
        .transform((value, ctx) => {
          const parsed = parseTrustProxy(value);
          if (parsed === undefined) ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
          return parsed ?? false;
        }),
    ),
    /** Host names (with a port when it is not 80/443) the site answers to besides HOST:PORT and PUBLIC_URL. */
    ALLOWED_HOSTS: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .default("")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine((hosts) => hosts.every((host) => HOST_ENTRY.test(host)), {
          error:
            "must be a comma-separated list of host names, each with an optional :port (no scheme, no path)",
        }),
    ),
    SMTP_URL: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUnset, z.string().min(3).default("Ascendra <no-reply@ascendra.studio>")),
    PUBLIC_URL: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    /** Optional language model for the chat assistant: an OpenAI-compatible chat completions URL. */
    CHAT_LLM_URL: z.preprocess(
      emptyAsUnset,
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL (the chat completions endpoint)",
        })
        .optional(),
    ),
    CHAT_LLM_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
    CHAT_LLM_MODEL: z.preprocess(emptyAsUnset, z.string().min(1).default("gpt-4o-mini")),
    /** Real payments through Stripe Checkout (docs/decisions/0036): the secret or restricted API key. */
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_\w+$/,
          "must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key",
        )
        .optional(),
    ),
    /** The signing secret of the webhook endpoint (/api/webhooks/stripe), from the Dashboard or `stripe listen`. */
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
        .optional(),
    ),
    /** Where the Stripe SDK sends its requests instead of Stripe's API (a local double in tests). */
    STRIPE_API_URL: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    /** Razorpay (docs/decisions/0080): the API key id from the Dashboard (rzp_test_… or rzp_live_…). */
    RAZORPAY_KEY_ID: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^rzp_(test|live)_\w+$/, "must be a Razorpay key id (rzp_test_… or rzp_live_…)")
        .optional(),
    ),
    /** The key secret shown with the key id: it signs Checkout's answers. */
    RAZORPAY_KEY_SECRET: z.preprocess(emptyAsUnset, z.string().min(8).optional()),
    /** The secret typed when adding the webhook (/api/webhooks/razorpay) in the Dashboard. */
    RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyAsUnset, z.string().min(8).optional()),
    /** Where the Razorpay SDK, the Checkout script and the hosted page are instead of Razorpay's (a local double in tests). */
    RAZORPAY_API_URL: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    /** `test`: the built-in test gateway, also in production (it says so on every payment page). */
    PAYMENTS: z.preprocess(
      emptyAsUnset,
      z.enum(["test"], { error: "must be test (the test gateway) or unset" }).optional(),
    ),
    // Where uploaded files are kept (docs/decisions/0042): this machine's DATA_DIR/uploads,
    // or a store every process shares (an S3-compatible bucket, or the PostgreSQL database).
    UPLOADS_STORAGE: z.preprocess(
      emptyAsUnset,
      z
        .enum(["local", "s3", "postgres"], {
          error: "must be local (DATA_DIR/uploads, the default), s3 or postgres",
        })
        .default("local"),
    ),
    UPLOADS_S3_BUCKET: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)",
        )
        .optional(),
    ),
    /** An S3-compatible server (MinIO, Garage, Ceph, R2…); unset for Amazon S3. */
    UPLOADS_S3_ENDPOINT: z.preprocess(
      emptyAsUnset,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    UPLOADS_S3_REGION: z.preprocess(emptyAsUnset, z.string().min(1).default("us-east-1")),
    UPLOADS_S3_ACCESS_KEY_ID: z.preprocess(emptyAsUnset, z.string().optional()),
    UPLOADS_S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
    /** Path-style URLs (host/bucket/key); on by default with an endpoint, off for Amazon S3. */
    UPLOADS_S3_FORCE_PATH_STYLE: z.preprocess(
      emptyAsUnset,
      z.enum(["true", "false"], { error: "must be true or false" }).optional(),
    ),
    /** Put before every object's key; empty for none. */
    UPLOADS_S3_PREFIX: z.preprocess(
      (value) => value ?? undefined,
      z
        .string()
        .regex(/^([A-Za-z0-9._-]+\/)*$/, "must be empty or folder names each ending in / (e.g. uploads/)")
        .default("uploads/"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "must be set with STRIPE_SECRET_KEY: payments are confirmed by signed webhooks",
      });
    if (env.STRIPE_SECRET_KEY && env.PAYMENTS === "test")
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message: "must be unset when STRIPE_SECRET_KEY is set (one gateway at a time)",
      });
    for (const name of ["RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const)
      if (env.RAZORPAY_KEY_ID && !env[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "must be set with RAZORPAY_KEY_ID: Checkout's answers and webhooks are signed with it",
        });
    if (env.RAZORPAY_KEY_ID && env.PAYMENTS === "test")
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message: "must be unset when RAZORPAY_KEY_ID is set (real payments and test payments do not mix)",
      });
    if (env.UPLOADS_STORAGE === "s3" && !env.UPLOADS_S3_BUCKET)
      ctx.addIssue({
        code: "custom",
        path: ["UPLOADS_S3_BUCKET"],
        message: "must be set with UPLOADS_STORAGE=s3 (the bucket uploads go to)",
      });
    if (env.UPLOADS_STORAGE === "s3" && !env.UPLOADS_S3_ACCESS_KEY_ID !== !env.UPLOADS_S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: "custom",
        path: [env.UPLOADS_S3_ACCESS_KEY_ID ? "UPLOADS_S3_SECRET_ACCESS_KEY" : "UPLOADS_S3_ACCESS_KEY_ID"],
        message:
          "must be set with the other of UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY (or leave both unset for the AWS SDK's own credentials)",
      });
    if (env.UPLOADS_STORAGE === "postgres" && !env.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["UPLOADS_STORAGE"],
        message:
          "postgres needs DATABASE_URL (without it the database is PGlite in DATA_DIR, one machine: keep local)",
      });
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  name = "EnvError";
}

/** Validates the environment; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(source[name] ?? "")}: ${issue.message}`;
  });
  throw new EnvError(`Invalid environment variables:\n${lines.join("\n")}`);
}

let current: Env | undefined;
/** The process environment, validated on first use. */
export function getEnv(): Env {
  current ??= loadEnv();
  return current;
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db, locked
 * for this process; `owner` is how a second process is told who holds it.
 */
export function databaseConfig(env: Env, owner?: string): DatabaseConfig {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: `${env.DATA_DIR}/db`, ...(owner ? { owner } : {}) };
}

/**
 * Which gateway takes money (docs/decisions/0036): Stripe when its key is set;
 * else the test gateway in development and tests, or in production only with
 * PAYMENTS=test; else none, and no order is fulfilled.
 */
export function paymentSettings(env: Env): PaymentSettings {
  // Razorpay takes rupees beside Stripe, or every payment alone (docs/decisions/0080).
  const razorpay = env.RAZORPAY_KEY_ID
    ? {
        keyId: env.RAZORPAY_KEY_ID,
        keySecret: env.RAZORPAY_KEY_SECRET!,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
        apiUrl: env.RAZORPAY_API_URL,
      }
    : null;
  if (env.STRIPE_SECRET_KEY)
    return {
      mode: "stripe",
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiUrl: env.STRIPE_API_URL,
      ...(razorpay ? { razorpay } : {}),
    };
  if (razorpay) return { mode: "none", razorpay };
  if (env.PAYMENTS === "test" || env.NODE_ENV !== "production") return { mode: "test" };
  return { mode: "none" };
}

/** The chat assistant's language model, or null (the default) to answer from the site's content alone. */
export function chatLlmSettings(env: Env) {
  return env.CHAT_LLM_URL
    ? { url: env.CHAT_LLM_URL, key: env.CHAT_LLM_KEY, model: env.CHAT_LLM_MODEL }
    : null;
}

/** Where uploaded files are kept (docs/decisions/0042). */
export function uploadStorageSettings(env: Env): UploadStorageSettings {
  if (env.UPLOADS_STORAGE === "s3")
    return {
      kind: "s3",
      bucket: env.UPLOADS_S3_BUCKET!,
      endpoint: env.UPLOADS_S3_ENDPOINT,
      region: env.UPLOADS_S3_REGION,
      accessKeyId: env.UPLOADS_S3_ACCESS_KEY_ID,
      secretAccessKey: env.UPLOADS_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.UPLOADS_S3_FORCE_PATH_STYLE
        ? env.UPLOADS_S3_FORCE_PATH_STYLE === "true"
        : Boolean(env.UPLOADS_S3_ENDPOINT),
      prefix: env.UPLOADS_S3_PREFIX,
    };
  if (env.UPLOADS_STORAGE === "postgres") return { kind: "postgres" };
  return { kind: "local" }; // DATA_DIR/uploads, read from the environment as before
}
