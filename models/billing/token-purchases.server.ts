import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Transaction } from "../platform/db.server";
import { tokenPackages } from "../schema";
import { getTokenPackage } from "./catalog.server";
import { PACKAGE_CURRENCIES } from "./token-packages";
import { resolvePaymentSource } from "./payment-methods.server";
import { toMinor } from "./payments";
import { takePayment, unfulfilledResult, type CheckoutReturn, type PaymentRow } from "./payments.server";
import { rewardReferrerOnce } from "./referral-rewards.server";
import { TOKEN_PURCHASE_MESSAGES, type PurchaseTokensInput } from "./token-packages";
import { getBalance, grantTokens } from "./tokens.server";

export type TokenPurchaseResult =
  | {
      ok: true;
      tokensAdded: number;
      newBalance: number;
      message: string;
      paymentId: string;
      replayed: boolean;
    }
  | {
      ok: false;
      status: 400 | 402 | 409 | 422 | 503;
      field?: "package_id" | "payment_method_id";
      message: string;
    }
  /** Stripe Checkout: the client is sent to pay there; the webhook grants the tokens. */
  | { ok: false; status: 303; checkoutUrl: string; message: string; field?: undefined };

/**
 * The grant of a paid token package, in the transaction that marks its
 * payment succeeded (ours for a card, the webhook's for Stripe Checkout):
 * tokens plus bonus, valid 90 days, and a referrer's reward on a first purchase.
 */
export async function fulfilTokenPackage(
  tx: Transaction,
  payment: PaymentRow,
  now = new Date(),
): Promise<number> {
  const [pkg] = await tx
    .select({ name: tokenPackages.name })
    .from(tokenPackages)
    .where(eq(tokenPackages.id, payment.tokenPackageId!));
  const grant = await grantTokens(
    {
      userId: payment.userId!,
      amount: payment.tokens!,
      reason: "token_purchase",
      description: `${pkg?.name ?? "Token"} package (receipt #${payment.number})`,
      sourceKey: `payment:${payment.id}`,
      now,
    },
    tx,
  );
  await rewardReferrerOnce(tx, payment.userId!, now);
  return grant.balance;
}

/**
 * Buys a token package: one payment through the gateway, then, in one
 * transaction, the grant (tokens plus bonus, valid 90 days) and a referrer's
 * reward on a first purchase. The same idempotency key never charges twice.
 */
export async function purchaseTokens(
  userId: string,
  input: PurchaseTokensInput,
  now = new Date(),
  checkout: CheckoutReturn | null = null,
): Promise<TokenPurchaseResult> {
  const pkg = await getTokenPackage(input.package_id);
  if (!pkg)
    return { ok: false, status: 400, field: "package_id", message: TOKEN_PURCHASE_MESSAGES.packageInvalid };
  const tokens = pkg.tokens + pkg.bonusTokens;
  const source = await resolvePaymentSource(userId, input);
  if (!source.ok) return source;
  const outcome = await takePayment({
    userId,
    idempotencyKey: input.idempotency_key ?? randomUUID(),
    kind: "token_package",
    description: `${pkg.name} token package: ${tokens} Creative Tokens`,
    amountMinor: toMinor(pkg.prices[input.region]),
    currency: PACKAGE_CURRENCIES[input.region],
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    tokenPackageId: pkg.id,
    tokens,
    checkout,
    fulfil: (tx, payment) => fulfilTokenPackage(tx, payment, now),
    replay: () => getBalance(userId, now),
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  const added = outcome.payment.tokens ?? tokens;
  return {
    ok: true,
    tokensAdded: added,
    newBalance: outcome.value,
    message: TOKEN_PURCHASE_MESSAGES.purchased(added, outcome.value),
    paymentId: outcome.payment.id,
    replayed: outcome.replayed,
  };
}
