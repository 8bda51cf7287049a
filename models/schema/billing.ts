import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CURRENCIES, LEDGER_KINDS, LEDGER_REASONS, PAYMENT_METHODS, SHOP_CATEGORIES } from "./values";
import { users } from "./accounts";
import { referrals } from "./submissions";

// Creative Tokens, the shop, payments, subscriptions and gift cards.
// The ledger's database rules (balance maintained by a trigger, never
// negative, equal to the unspent grants at every commit) are SQL written by
// hand at the end of this branch's migration: see docs/decisions/0012.

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
/**
 * Catalogue rows: "seed" rows follow their seed file; a row staff created,
 * edited or retired is "staff" and the seed leaves it alone (decision 0025).
 */
const managedBy = text("managed_by").notNull().default("seed");

/**
 * One row per client: the balance and how many ledger rows the client has,
 * both changed only by the ledger trigger. Locked (FOR UPDATE) by every spend.
 */
export const tokenAccounts = pgTable(
  "token_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    /** The client's ledger rows, kept by the ledger trigger: a pager's total without counting the ledger. */
    entries: integer("entries").notNull().default(0),
    updatedAt,
  },
  (t) => [check("token_accounts_balance_check", sql`${t.balance} >= 0`)],
);

/** Every grant, spend and expiry. Append-only; `balance_after` is written by the trigger. */
export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    /** Positive for grants, negative for spends and expiries. */
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull().default(0),
    description: text("description").notNull().default(""),
    /** Makes a grant or spend happen once: "payment:<id>", "subscription:<id>:<period>", "referral:<invitee>"… */
    sourceKey: text("source_key"),
    /** Staff member behind an adjustment. */
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    /** For an expiry: the grant that ran out. */
    lotId: uuid("lot_id"),
    /** The person who spent or bought (an organisation's member); null for staff and the system. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    // A client's ledger, newest first, a page at a time (id breaks ties): read in index order.
    index("token_ledger_user_id_created_at_id_idx").on(t.userId, t.createdAt, t.id),
    uniqueIndex("token_ledger_source_key_key").on(t.sourceKey),
    check("token_ledger_kind_check", sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    check("token_ledger_reason_check", sql`${t.reason} in (${inList(LEDGER_REASONS)})`),
    check(
      "token_ledger_delta_sign_check",
      sql`(${t.kind} = 'grant' and ${t.delta} > 0) or (${t.kind} <> 'grant' and ${t.delta} < 0)`,
    ),
  ],
);

/** What is left of each grant; spends take from the oldest first. */
export const tokenLots = pgTable(
  "token_lots",
  {
    /** The grant's ledger row. */
    id: uuid("id")
      .primaryKey()
      .references(() => tokenLedger.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("token_lots_user_id_expires_at_idx").on(t.userId, t.expiresAt),
    // The balance is what is left of unexpired grants: read from the grants with tokens left,
    // not from every grant the client ever had (a spent grant keeps its row at 0).
    index("token_lots_user_id_unspent_idx")
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check("token_lots_remaining_check", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    check("token_lots_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Which grants paid for each spend (or ran out, for an expiry). */
export const tokenAllocations = pgTable(
  "token_allocations",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => tokenLedger.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => tokenLots.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.lotId] }),
    index("token_allocations_lot_id_idx").on(t.lotId),
    check("token_allocations_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Seeded from seeds/shop-items.json; the file lives in seeds/shop-files/. */
export const shopItems = pgTable(
  "shop_items",
  {
    id: text("id").primaryKey(),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    description: text("description").notNull(),
    image: text("image").notNull(),
    category: text("category").notNull(),
    /** Tenths of a star: 48 is 4.8. */
    ratingTenths: integer("rating_tenths").notNull(),
    tokenPrice: integer("token_price").notNull(),
    /** In US cents; shown in dollars (docs/product.md, "Billing and shop"). */
    originalPriceCents: integer("original_price_cents").notNull(),
    /** The original price in whole units of each region's currency (the "Was" a client reads in theirs). */
    originalPrices: jsonb("original_prices").$type<{ us: number; eu: number; in: number }>().notNull(),
    maxDownloads: integer("max_downloads").notNull(),
    fileName: text("file_name").notNull(),
    fileFormat: text("file_format").notNull(),
    fileSize: integer("file_size").notNull(),
    contentType: text("content_type").notNull(),
    /** A file staff uploaded (DATA_DIR/uploads); null: `file_name` in seeds/shop-files. */
    fileStorageKey: text("file_storage_key"),
    isActive: boolean("is_active").notNull().default(true),
    managedBy,
    updatedAt,
  },
  (t) => [
    check("shop_items_managed_by_check", sql`${t.managedBy} in ('seed', 'staff')`),
    check("shop_items_category_check", sql`${t.category} in (${inList(SHOP_CATEGORIES)})`),
    check("shop_items_token_price_check", sql`${t.tokenPrice} > 0`),
    check("shop_items_rating_check", sql`${t.ratingTenths} between 0 and 50`),
    check("shop_items_max_downloads_check", sql`${t.maxDownloads} > 0`),
    check("shop_items_original_price_check", sql`${t.originalPriceCents} >= 0`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shopItemId: text("shop_item_id")
      .notNull()
      .references(() => shopItems.id),
    quantity: integer("quantity").notNull().default(1),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("cart_items_user_item_key").on(t.userId, t.shopItemId),
    check("cart_items_quantity_check", sql`${t.quantity} between 1 and 10`),
  ],
);

/** One per successful checkout; the key makes a resubmitted checkout answer the first result. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    totalTokens: integer("total_tokens").notNull(),
    ledgerId: uuid("ledger_id")
      .notNull()
      .references(() => tokenLedger.id),
    balanceAfter: integer("balance_after").notNull(),
    /** The person who checked out for the organisation. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    uniqueIndex("checkouts_user_key_key").on(t.userId, t.idempotencyKey),
    check("checkouts_total_check", sql`${t.totalTokens} > 0`),
  ],
);

/** An owned item. One per client and item; downloads are counted against the limit in the database. */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shopItemId: text("shop_item_id")
      .notNull()
      .references(() => shopItems.id),
    checkoutId: uuid("checkout_id").references(() => checkouts.id),
    quantity: integer("quantity").notNull().default(1),
    tokensSpent: integer("tokens_spent").notNull(),
    downloadCount: integer("download_count").notNull().default(0),
    maxDownloads: integer("max_downloads").notNull(),
    createdAt,
    lastDownloadedAt: timestamp("last_downloaded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("purchases_user_item_key").on(t.userId, t.shopItemId),
    index("purchases_user_id_created_at_idx").on(t.userId, t.createdAt),
    check(
      "purchases_downloads_check",
      sql`${t.downloadCount} >= 0 and ${t.downloadCount} <= ${t.maxDownloads}`,
    ),
    check("purchases_tokens_spent_check", sql`${t.tokensSpent} >= 0`),
  ],
);

/** Seeded from the bundles in seeds/creative-tokens.json; prices in whole units of each currency. */
export const tokenPackages = pgTable(
  "token_packages",
  {
    id: text("id").primaryKey(),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    tokens: integer("tokens").notNull(),
    bonusTokens: integer("bonus_tokens").notNull().default(0),
    description: text("description").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    prices: jsonb("prices").$type<{ us: number; eu: number; in: number }>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    managedBy,
    updatedAt,
  },
  (t) => [check("token_packages_managed_by_check", sql`${t.managedBy} in ('seed', 'staff')`)],
);

/** Seeded from the plans in seeds/solutions.json: the same five plans /solutions shows. */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: text("id").primaryKey(),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    colour: text("colour").notNull(),
    tagline: text("tagline").notNull(),
    /** Whole rupees a month; 0 would be a free plan. */
    price: integer("price").notNull(),
    /** The monthly price in whole units of each region's currency (`in` is `price`), as token packages keep theirs. */
    prices: jsonb("prices").$type<{ us: number; eu: number; in: number }>().notNull(),
    currency: text("currency").notNull().default("INR"),
    billingPeriod: text("billing_period").notNull().default("monthly"),
    features: jsonb("features").$type<string[]>().notNull(),
    monthlyTokens: integer("monthly_tokens").notNull(),
    projectLimit: integer("project_limit").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    managedBy,
    updatedAt,
  },
  (t) => [
    check("subscription_plans_managed_by_check", sql`${t.managedBy} in ('seed', 'staff')`),
    check("subscription_plans_price_check", sql`${t.price} >= 0`),
    check("subscription_plans_project_limit_check", sql`${t.projectLimit} >= -1`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text("status").notNull().default("active"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason"),
    /** The gateway's reusable reference for renewals; never a card number. */
    paymentMethodToken: text("payment_method_token"),
    paymentMethod: text("payment_method").notNull().default("credit_card"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** A plan on Stripe Billing: Stripe renews it and its webhooks move the period (docs/decisions/0036). */
    gatewaySubscriptionId: text("gateway_subscription_id"),
    createdAt,
  },
  (t) => [
    uniqueIndex("subscriptions_gateway_subscription_id_key").on(t.gatewaySubscriptionId),
    // At most one active subscription per client, whatever the code does.
    uniqueIndex("subscriptions_one_active_key")
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index("subscriptions_user_id_started_at_idx").on(t.userId, t.startedAt),
    index("subscriptions_renewal_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
    check("subscriptions_status_check", sql`${t.status} in ('active', 'ended')`),
    check("subscriptions_period_check", sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check(
      "subscriptions_end_reason_check",
      sql`${t.endReason} is null or ${t.endReason} in ('cancelled', 'switched', 'payment_failed')`,
    ),
  ],
);

/**
 * Every charge: token packages, subscription charges and renewals, gift cards.
 * The receipts and invoices of an account. Card brand and last four only.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A person-friendly receipt number. */
    number: integer("number").notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    payerEmail: text("payer_email"),
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    method: text("method").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    status: text("status").notNull().default("pending"),
    failureMessage: text("failure_message"),
    gateway: text("gateway").notNull(),
    gatewayReference: text("gateway_reference"),
    paymentMethodToken: text("payment_method_token"),
    /** Namespaced by the payer, so one client's key never meets another's. */
    idempotencyKey: text("idempotency_key").notNull(),
    tokenPackageId: text("token_package_id").references(() => tokenPackages.id),
    subscriptionPlanId: text("subscription_plan_id").references(() => subscriptionPlans.id),
    tokens: integer("tokens"),
    /** What fulfilment needs that the columns above do not hold (a gift card's recipient…): docs/decisions/0036. */
    order: jsonb("order").$type<Record<string, unknown>>(),
    /** Stripe Checkout: the session the payer was sent to; the webhook finds the payment by it. */
    checkoutSessionId: text("checkout_session_id"),
    /** The gateway's charge to refund (Stripe: the PaymentIntent), when it differs from gateway_reference. */
    gatewayPaymentIntent: text("gateway_payment_intent"),
    /** Refunded so far, in minor units (docs/decisions/0036); never more than the amount. */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The person who paid for an organisation; null for staff, the system and a guest. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt,
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_number_key").on(t.number),
    uniqueIndex("payments_checkout_session_id_key").on(t.checkoutSessionId),
    index("payments_gateway_payment_intent_idx").on(t.gatewayPaymentIntent),
    check("payments_refunded_check", sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
    uniqueIndex("payments_idempotency_key_key").on(t.idempotencyKey),
    index("payments_user_id_created_at_idx").on(t.userId, t.createdAt),
    check(
      "payments_kind_check",
      sql`${t.kind} in ('token_package', 'subscription', 'gift_card', 'proposal_deposit', 'proposal_balance')`,
    ),
    check("payments_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("payments_currency_check", sql`${t.currency} in (${inList(CURRENCIES)})`),
    check("payments_method_check", sql`${t.method} in (${inList(PAYMENT_METHODS)})`),
    check("payments_amount_check", sql`${t.amountMinor} > 0`),
    check("payments_card_last4_check", sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Without dashes; shown as ASC-XXXX-XXXX-XXXX. */
    code: text("code").notNull(),
    /** The card's value in whole units of `currency`, the buyer's (docs/decisions/0059). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    message: text("message").notNull().default(""),
    /** The day (agency time zone) the email goes out. */
    deliverOn: date("deliver_on").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    purchaserId: uuid("purchaser_id").references(() => users.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    redeemedBy: uuid("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    tokensGranted: integer("tokens_granted"),
    /** The back-office inbox's flag, as on every submission. */
    handled: boolean("handled").notNull().default(false),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex("gift_cards_code_key").on(t.code),
    uniqueIndex("gift_cards_payment_id_key").on(t.paymentId),
    index("gift_cards_delivery_idx")
      .on(t.deliverOn)
      .where(sql`${t.deliveredAt} is null`),
    check("gift_cards_currency_check", sql`${t.currency} in (${inList(CURRENCIES)})`),
    // The widest range any currency allows (GIFT_AMOUNTS in models/billing/gift-cards.ts).
    check("gift_cards_amount_check", sql`${t.amount} between 1 and 100000`),
    check("gift_cards_redeemed_check", sql`(${t.redeemedAt} is null) = (${t.tokensGranted} is null)`),
  ],
);

/** A signup that came with a referral code; the referrer is rewarded once, on the first purchase. */
export const referralSignups = pgTable(
  "referral_signups",
  {
    inviteeId: uuid("invitee_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    referrerId: uuid("referrer_id").references(() => users.id, { onDelete: "set null" }),
    createdAt,
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    rewardTokens: integer("reward_tokens"),
  },
  (t) => [
    uniqueIndex("referral_signups_referral_id_key").on(t.referralId),
    check(
      "referral_signups_not_self_check",
      sql`${t.referrerId} is null or ${t.referrerId} <> ${t.inviteeId}`,
    ),
  ],
);

/** Server-side keys shared by every process (e.g. the download link signing key). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt,
});

/** A client's customer at Stripe: saved cards and subscriptions hang on it (docs/decisions/0036). */
export const gatewayCustomers = pgTable(
  "gateway_customers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt,
  },
  (t) => [uniqueIndex("gateway_customers_customer_id_key").on(t.gateway, t.customerId)],
);

/**
 * Every Stripe webhook event we handled, by its id: inserted in the
 * transaction that applies it, so each is applied once, whichever process
 * gets it and however often it is delivered (docs/decisions/0036).
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** When Stripe created it (not when it arrived: deliveries come out of order). */
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  /** What handling it did, for staff reading the table. */
  outcome: text("outcome").notNull().default(""),
});

/**
 * Every Razorpay webhook event we handled, by its id (the X-Razorpay-Event-Id
 * header): inserted in the transaction that applies it, as stripe_events is
 * (docs/decisions/0080).
 */
/**
 * The Razorpay plan that bills one of our plans at one price (decision 0080), created at Razorpay on
 * the first subscription at that price and kept here, so every process and every restart reuses it.
 * `key`: the Razorpay API and key id, our plan, the amount and the currency.
 */
export const razorpayPlans = pgTable("razorpay_plans", {
  key: text("key").primaryKey(),
  razorpayPlanId: text("razorpay_plan_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const razorpayEvents = pgTable("razorpay_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** When Razorpay created it (the payload's created_at). */
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  outcome: text("outcome").notNull().default(""),
});

/**
 * Money given back on a payment, full or partial (docs/decisions/0036).
 * Written as pending before the gateway is asked, so a webhook telling of
 * the same refund never counts it twice.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status").notNull().default("pending"),
    /** The gateway's refund id (re_…), once it answered. */
    gatewayReference: text("gateway_reference"),
    /** Tokens of this purchase taken back from the client (never more than were left). */
    tokensTakenBack: integer("tokens_taken_back").notNull().default(0),
    /** Tokens of this purchase the client had already spent when it was refunded. */
    tokensAlreadySpent: integer("tokens_already_spent").notNull().default(0),
    reason: text("reason").notNull().default(""),
    /** Null when the refund was made at the gateway (its dashboard) and reached us by webhook. */
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt,
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_refunds_payment_id_idx").on(t.paymentId),
    uniqueIndex("payment_refunds_gateway_reference_key").on(t.gatewayReference),
    check("payment_refunds_amount_check", sql`${t.amountMinor} > 0`),
    check("payment_refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("payment_refunds_tokens_check", sql`${t.tokensTakenBack} >= 0 and ${t.tokensAlreadySpent} >= 0`),
  ],
);
