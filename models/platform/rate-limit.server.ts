import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db, queryRows } from "./db.server";
import { rateLimits } from "../schema";

export type RateLimitRule = { limit: number; windowMs: number };

/** Attempts allowed per window. Keys combine the action with who tries it. */
export const RATE_LIMITS = {
  /** Per account (whichever of its names is typed) and IP: 5 failed logins in 15 minutes. */
  login: { limit: 5, windowMs: 15 * 60 * 1000 },
  /**
   * Per account, whether addressed by its username or its email, from any
   * address: 10 failed logins in 15 minutes. Rotating addresses cannot escape
   * it; unknown names are counted by the name the same way, so the lockout
   * says nothing about whether an account exists.
   */
  loginAccount: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Per IP: 10 signups an hour. */
  signup: { limit: 10, windowMs: 60 * 60 * 1000 },
  /** Per IP: 5 reset requests in 15 minutes. */
  passwordReset: { limit: 5, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { limited: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window and says whether it is
 * over the limit, in one upsert: the count an attempt is judged by already
 * includes it, so parallel attempts cannot all pass before any is counted.
 * Call it before the work it limits.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${rule.windowMs / 1000})`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(sql`
    insert into rate_limits as r (key, count, window_start, window_end)
    values (${key}, 1, now(), now() + ${window})
    on conflict (key) do update set
      count = case when r.window_end <= now() then 1 else r.count + 1 end,
      window_start = case when r.window_end <= now() then now() else r.window_start end,
      window_end = case when r.window_end <= now() then now() + ${window} else r.window_end end
    returning count, ceil(extract(epoch from (window_end - now())))::int as retry_after
  `);
  const count = Number(row!.count);
  return { limited: count > rule.limit, count, retryAfterSeconds: Math.max(1, Number(row!.retry_after)) };
}

/**
 * Gives one counted attempt back, in the window it was counted in (a limit
 * that counts only failures, but counts every attempt first so parallel ones
 * cannot all pass before any is counted).
 */
export async function returnRateLimitAttempt(key: string): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0), gt(rateLimits.windowEnd, sql`now()`)));
}

export async function resetRateLimit(key: string): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function deleteExpiredRateLimits(): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowEnd, sql`now()`));
}
