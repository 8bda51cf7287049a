// The value lists the tables check (CHECK constraints): the database's own
// vocabulary, at the bottom of the domain order so the schema imports no
// domain. Each domain re-exports its lists beside the labels and rules it
// keeps for them (models/projects/projects.ts, models/billing/*.ts,
// models/delivery/clock.ts).

/** A project's status (the state machine: models/projects/projects.ts). */
export const PROJECT_STATUSES = [
  "draft",
  "in_review",
  "in_progress",
  "revision_requested",
  "published",
  "completed",
  "cancelled",
] as const;
/** The API's codes for a project's category, budget range and timeline. */
export const CATEGORY_VALUES = [
  "strategy",
  "graphic",
  "website",
  "video",
  "social_media",
  "app",
  "sound",
  "ai_ar_vr",
] as const;
export const BUDGET_VALUES = ["under_1k", "1k_5k", "5k_10k", "10k_50k", "above_50k"] as const;
export const TIMELINE_VALUES = ["1_week", "2_weeks", "1_month", "flexible"] as const;

export const PAYMENT_METHODS = ["credit_card", "debit_card"] as const;
export const CURRENCIES = ["USD", "EUR", "INR"] as const;
export const SHOP_CATEGORIES = ["templates", "assets", "tools", "graphics"] as const;

/** Every row of the token ledger is one of these; grants add, spends and expiries take away. */
export const LEDGER_KINDS = ["grant", "spend", "expire"] as const;
/** Why tokens moved. Grants and spends each have their own reasons. */
export const GRANT_REASONS = [
  "token_purchase",
  "subscription",
  "gift_card",
  "referral",
  "staff_adjustment",
] as const;
export const SPEND_REASONS = ["shop_checkout", "project", "staff_adjustment", "refund"] as const;
export const LEDGER_REASONS = [...new Set([...GRANT_REASONS, ...SPEND_REASONS, "expiry"])] as const;

/** Why a project's delivery clock stood still (models/delivery/clock.ts). */
export const PAUSE_REASONS = [
  "awaiting_approval",
  "returned_to_draft",
  "client_input",
  "resources_missing",
] as const;

/** The wallet's expiry reminders: this many days before a grant expires (decision 0049). */
export const WALLET_REMINDER_DAYS = [30, 7, 1] as const;
