import { reportError } from "../platform/errors.server";
import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { PAYMENT_MESSAGES, type CardDetails, type PaymentMethod } from "./payments";
import { cardLabel, type SavedCardOption } from "./account-billing";
import { PAYMENT_METHOD_MESSAGES } from "./payment-methods";
import { getPaymentGateway, savedPaymentMethod } from "./payments.server";
import { paymentMethods, subscriptionPlans, subscriptions } from "../schema";

// Saved cards (docs/decisions/0023). The gateway holds the card; a row here
// is its opaque reference, brand, last four and expiry. Every read and write
// is scoped to the client: another client's card is "not found".

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const attached = (userId: string) =>
  and(eq(paymentMethods.userId, userId), isNull(paymentMethods.detachedAt));

/** The client's saved cards: the default first, then the newest. */
export async function listSavedCards(userId: string): Promise<SavedCardOption[]> {
  return db()
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: paymentMethods.isDefault,
    })
    .from(paymentMethods)
    .where(attached(userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** One of the client's attached cards, or null (another client's, removed, or not an id). */
async function ownCard(
  userId: string,
  id: string,
  database: Transaction | ReturnType<typeof db> = db(),
): Promise<PaymentMethodRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await database
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), attached(userId)))
    .limit(1);
  return row ?? null;
}

/** The active plan the card renews, when one does (and is not set to end). */
async function planPaidWith(tx: Transaction, userId: string, reference: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: subscriptionPlans.name })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.paymentMethodToken, reference),
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

/** What a subscription keeps of the card it renews with. */
const renewsWith = (card: PaymentMethodRow) => ({
  paymentMethodToken: card.gatewayReference,
  paymentMethod: "credit_card" as const,
  cardBrand: card.brand,
  cardLast4: card.last4,
});

/** Makes `id` the client's only default card, and the card their active plan renews with. */
async function makeDefault(tx: Transaction, userId: string, card: PaymentMethodRow) {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(attached(userId), ne(paymentMethods.id, card.id), eq(paymentMethods.isDefault, true)));
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, card.id));
  await tx
    .update(subscriptions)
    .set(renewsWith(card))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));
}

export type AddCardResult =
  | { ok: true; card: SavedCardOption; message: string; existing: boolean }
  | { ok: false; status: 402 | 501; message: string };

/**
 * Saves a card with the gateway (the test gateway's rules: 4242… saved,
 * 4000 0000 0000 0002 declined). The same card saved again is the same row,
 * with its expiry brought up to date. The first card is the default.
 */
export async function addPaymentMethod(
  userId: string,
  card: CardDetails,
  options: { makeDefault?: boolean } = {},
): Promise<AddCardResult> {
  const gateway = getPaymentGateway();
  if (!gateway.saveCard) return { ok: false, status: 501, message: PAYMENT_METHOD_MESSAGES.unsupported };
  const saved = await gateway.saveCard({ userId, card });
  if (!saved.ok) return { ok: false, status: 402, message: saved.message };
  return db().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(paymentMethods)
      .where(and(attached(userId), eq(paymentMethods.fingerprint, saved.fingerprint)))
      .for("update");
    let row: PaymentMethodRow;
    if (existing) {
      [row] = (await tx
        .update(paymentMethods)
        .set({ expMonth: saved.expMonth, expYear: saved.expYear })
        .where(eq(paymentMethods.id, existing.id))
        .returning()) as [PaymentMethodRow];
    } else {
      [row] = (await tx
        .insert(paymentMethods)
        .values({
          userId,
          gateway: gateway.name,
          gatewayReference: saved.reference,
          fingerprint: saved.fingerprint,
          brand: saved.brand,
          last4: saved.last4,
          expMonth: saved.expMonth,
          expYear: saved.expYear,
        })
        .returning()) as [PaymentMethodRow];
    }
    const [otherDefault] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(attached(userId), eq(paymentMethods.isDefault, true)))
      .limit(1);
    if (options.makeDefault || !otherDefault) {
      await makeDefault(tx, userId, row);
      row = { ...row, isDefault: true };
    }
    const label = cardLabel(row);
    return {
      ok: true as const,
      existing: Boolean(existing),
      message: existing ? PAYMENT_METHOD_MESSAGES.alreadySaved(label) : PAYMENT_METHOD_MESSAGES.added(label),
      card: {
        id: row.id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
        isDefault: row.isDefault,
      },
    };
  });
}

export type CardChangeResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/** Make a saved card the default: the one the client's plan renews with. */
export async function setDefaultPaymentMethod(userId: string, id: string): Promise<CardChangeResult> {
  return db().transaction(async (tx) => {
    const card = await ownCard(userId, id, tx);
    if (!card) return { ok: false as const, status: 404 as const, message: PAYMENT_METHOD_MESSAGES.notFound };
    await makeDefault(tx, userId, card);
    return { ok: true as const, message: PAYMENT_METHOD_MESSAGES.defaultSet(cardLabel(card)) };
  });
}

/**
 * Removes a saved card: detached at the gateway and marked detached here
 * (the row stays for the record; it can never be charged again). A card that
 * a running plan renews with stays until another card is the default or the
 * plan is cancelled. The next newest card becomes the default.
 */
export async function detachPaymentMethod(userId: string, id: string): Promise<CardChangeResult> {
  const outcome = await db().transaction(async (tx) => {
    if (!isUuid(id))
      return { ok: false as const, status: 404 as const, message: PAYMENT_METHOD_MESSAGES.notFound };
    const [card] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), attached(userId)))
      .for("update");
    if (!card) return { ok: false as const, status: 404 as const, message: PAYMENT_METHOD_MESSAGES.notFound };
    const plan = await planPaidWith(tx, userId, card.gatewayReference);
    if (plan)
      return {
        ok: false as const,
        status: 409 as const,
        message: PAYMENT_METHOD_MESSAGES.inUse(cardLabel(card), plan),
      };
    await tx
      .update(paymentMethods)
      .set({ detachedAt: new Date(), isDefault: false })
      .where(eq(paymentMethods.id, card.id));
    if (card.isDefault) {
      const [next] = await tx
        .select()
        .from(paymentMethods)
        .where(attached(userId))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      if (next) await makeDefault(tx, userId, next);
    }
    return { ok: true as const, message: PAYMENT_METHOD_MESSAGES.removed, reference: card.gatewayReference };
  });
  if (!outcome.ok) return outcome;
  await detachAtGateway([outcome.reference]);
  return { ok: true, message: outcome.message };
}

/** Tells the gateway to forget cards (after our transaction committed). A failure is logged, not thrown: our side already refuses them. */
export async function detachAtGateway(references: string[]): Promise<void> {
  const gateway = getPaymentGateway();
  for (const reference of references) {
    try {
      await gateway.detachCard?.(reference);
    } catch (error) {
      reportError(error, "Could not detach a saved card at the gateway", { gateway: gateway.name });
    }
  }
}

/** Inside the account-deletion transaction: every saved card is detached; returns the references for the gateway. */
export async function detachAllPaymentMethods(tx: Transaction, userId: string): Promise<string[]> {
  const rows = await tx
    .update(paymentMethods)
    .set({ detachedAt: new Date(), isDefault: false })
    .where(attached(userId))
    .returning({ reference: paymentMethods.gatewayReference });
  return rows.map((r) => r.reference);
}

/** Was this reference a saved card that has been removed? (An old receipt must not bring it back.) */
async function isDetachedReference(
  userId: string,
  reference: string,
  database: Transaction | ReturnType<typeof db> = db(),
): Promise<boolean> {
  const [row] = await database
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.gatewayReference, reference),
        isNotNull(paymentMethods.detachedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Keeping a plan that was set to end: a card it renewed with that has been
 * removed since (removal is allowed once the plan is cancelled) gives way to
 * the default card, or the newest; "none" when the client has no card left.
 * Null when the plan's card is still there (or was never a saved card).
 */
export async function renewalCardOnResume(
  tx: Transaction,
  userId: string,
  reference: string | null,
): Promise<ReturnType<typeof renewsWith> | "none" | null> {
  if (!reference || !(await isDetachedReference(userId, reference, tx))) return null;
  const [card] = await tx
    .select()
    .from(paymentMethods)
    .where(attached(userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
    .limit(1);
  if (!card) return "none";
  return renewsWith(card);
}

export type PaymentSourceInput = {
  payment_method: PaymentMethod;
  payment_method_id?: string | null;
  save_card?: boolean;
  card: CardDetails | null;
};
export type PaymentSource =
  | { ok: true; method: PaymentMethod; card: CardDetails | null; savedMethodToken: string | null }
  | { ok: false; status: 400 | 402; field?: "payment_method_id"; message: string };

/**
 * What pays, for every form and API call that takes a card: a saved card
 * (`payment_method_id`: one of the client's saved cards or, for older API
 * clients, an earlier receipt), a typed card saved first when `save_card`
 * asks for it, or the typed card as it is.
 */
export async function resolvePaymentSource(
  userId: string | null,
  input: PaymentSourceInput,
): Promise<PaymentSource> {
  const id = input.payment_method_id?.trim();
  if (id) {
    const unknown = {
      ok: false as const,
      status: 400 as const,
      field: "payment_method_id" as const,
      message: PAYMENT_MESSAGES.unknownSavedMethod,
    };
    if (!userId) return unknown;
    const card = await ownCard(userId, id);
    if (card) return { ok: true, method: "credit_card", card: null, savedMethodToken: card.gatewayReference };
    const receipt = await savedPaymentMethod(userId, id);
    if (!receipt || (await isDetachedReference(userId, receipt.token))) return unknown;
    return { ok: true, method: receipt.method, card: null, savedMethodToken: receipt.token };
  }
  if (input.save_card && input.card) {
    if (!userId) return { ok: false, status: 400, message: PAYMENT_MESSAGES.saveNeedsAccount };
    const saved = await addPaymentMethod(userId, input.card);
    if (!saved.ok) {
      // A provider that cannot save still takes the payment with the typed card.
      if (saved.status === 501)
        return { ok: true, method: input.payment_method, card: input.card, savedMethodToken: null };
      return { ok: false, status: 402, message: saved.message };
    }
    const card = (await ownCard(userId, saved.card.id))!;
    return { ok: true, method: input.payment_method, card: null, savedMethodToken: card.gatewayReference };
  }
  return { ok: true, method: input.payment_method, card: input.card, savedMethodToken: null };
}
