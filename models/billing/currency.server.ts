import { eq, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { oncePerRequest } from "../platform/per-request";
import { users } from "../schema";
import { decideRegion, isRegion, type Region, type RegionDecision } from "./currency";
import { CURRENCY_MESSAGES, currencyName } from "./currency-setting";

// The client's currency from the database and the request (docs/decisions/0059).

/**
 * The account's setting and the currency of its last succeeded purchase in
 * one statement, then `decideRegion`. A gift card counts like any purchase:
 * a client buys one in their own currency.
 */
export async function clientRegion(userId: string, acceptLanguage: string | null): Promise<RegionDecision> {
  const [row] = await db()
    .select({
      setting: users.region,
      lastPurchaseCurrency: sql<string | null>`(select p.currency from payments p
        where p.user_id = users.id and p.status = 'succeeded'
        order by p.created_at desc limit 1)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return decideRegion({ ...row, acceptLanguage });
}

/** The signed-in client's currency for this request; a layout and its page share one read. */
export const regionForRequest = oncePerRequest((request: Request, userId: string) =>
  clientRegion(userId, request.headers.get("accept-language")),
);

/**
 * The currency a plan renews in: the client's, as Billing shows the plan's
 * price (a paid plan means there is a last purchase, so the browser's
 * language never decides it). A changed setting applies from the next renewal.
 */
export async function renewalRegion(userId: string): Promise<Region> {
  return (await clientRegion(userId, null)).region;
}

/** The account's own choice of price list; null forgets it (the last purchase or the browser decide again). */
export async function setAccountRegion(userId: string, region: Region | null): Promise<void> {
  await db().update(users).set({ region, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The region a checkout form charges in: the client's, as the page that showed
 * the price decided it. The form names the region it showed (`region`); when
 * that is no longer the client's, nothing is charged and the client is told.
 * On success `region` in the form data is set to the decided one.
 */
export async function chargeRegion(
  request: Request,
  userId: string,
  form: FormData,
): Promise<{ ok: true; region: Region } | { ok: false; message: string }> {
  const { region } = await regionForRequest(request, userId);
  const shown = form.get("region");
  if (isRegion(shown) && shown !== region)
    return { ok: false, message: CURRENCY_MESSAGES.changed(currencyName(region)) };
  form.set("region", region);
  return { ok: true, region };
}
