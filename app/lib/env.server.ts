import { z } from "zod";
import type { DatabaseConfig } from "~models/db.server";

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);
const flag = z.preprocess(
  emptyAsUnset,
  z
    .enum(["1", "0", "true", "false"], { error: "must be true, false, 1 or 0" })
    .default("false")
    .transform((v) => v === "1" || v === "true"),
);

/** Every environment variable the server reads. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: "must be a whole number from 1 to 65535" }).int("must be a whole number from 1 to 65535").min(1, "must be a whole number from 1 to 65535").max(65535, "must be a whole number from 1 to 65535").default(3000),
  ),
  HOST: z.preprocess(emptyAsUnset, z.string().default("127.0.0.1")),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default(".data")),
  TRUST_PROXY: flag,
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
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL (the chat completions endpoint)" }).optional(),
  ),
  CHAT_LLM_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
  CHAT_LLM_MODEL: z.preprocess(emptyAsUnset, z.string().min(1).default("gpt-4o-mini")),
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

/** The chat assistant's language model, or null (the default) to answer from the site's content alone. */
export function chatLlmSettings(env: Env) {
  return env.CHAT_LLM_URL ? { url: env.CHAT_LLM_URL, key: env.CHAT_LLM_KEY, model: env.CHAT_LLM_MODEL } : null;
}
