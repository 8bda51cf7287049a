import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { openShopFile } from "./catalog.server";
import { db } from "../platform/db.server";
import { appSecrets, purchases } from "../schema";
import { DOWNLOAD_LINK_TTL_MS, SHOP_MESSAGES } from "./shop";
import { getOwnPurchase, type ShopItemRow } from "./shop.server";

// Downloads of purchased shop files. Each start counts against the purchase's
// limit (in one conditional UPDATE, so parallel clicks cannot pass it) and
// answers a link signed with a server key: bound to the purchase and its
// owner, valid for five minutes. The file route checks the signature, the
// time and that the caller is the owner.

let signingKey: Buffer | undefined;

/** One random key for every server process, kept in the database (created on first use). */
async function getSigningKey(): Promise<Buffer> {
  if (signingKey) return signingKey;
  await db()
    .insert(appSecrets)
    .values({ name: "download_signing_key", value: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db()
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "download_signing_key"));
  signingKey = Buffer.from(row!.value, "hex");
  return signingKey;
}

const signature = (key: Buffer, purchaseId: string, userId: string, expires: number) =>
  createHmac("sha256", key).update(`${purchaseId}.${userId}.${expires}`).digest("hex");

const downloadPath = (purchaseId: string) => `/download/${purchaseId}/file`;

/** A signed link to the purchase's file for its owner, valid DOWNLOAD_LINK_TTL_MS from `now`. */
async function signedDownloadUrl(purchaseId: string, userId: string, now = new Date()): Promise<string> {
  const expires = Math.floor((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
  const sig = signature(await getSigningKey(), purchaseId, userId, expires);
  return `${downloadPath(purchaseId)}?${new URLSearchParams({ expires: String(expires), sig })}`;
}

export type DownloadStart =
  | { ok: true; url: string; remaining: number; message: string }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Counts one download (while below max_downloads) and answers a signed link.
 * At the limit: "Download Limit Reached". Another client's purchase: not found.
 */
export async function startDownload(
  userId: string,
  purchaseId: string | undefined,
  now = new Date(),
): Promise<DownloadStart> {
  const own = await getOwnPurchase(userId, purchaseId);
  if (!own) return { ok: false, status: 404, message: SHOP_MESSAGES.purchaseNotFound };
  const [counted] = await db()
    .update(purchases)
    .set({ downloadCount: sql`${purchases.downloadCount} + 1`, lastDownloadedAt: now })
    .where(
      and(
        eq(purchases.id, own.purchase.id),
        eq(purchases.userId, userId),
        lt(purchases.downloadCount, purchases.maxDownloads),
      ),
    )
    .returning({ downloadCount: purchases.downloadCount, maxDownloads: purchases.maxDownloads });
  if (!counted) return { ok: false, status: 409, message: SHOP_MESSAGES.downloadLimitReached };
  const remaining = counted.maxDownloads - counted.downloadCount;
  return {
    ok: true,
    url: await signedDownloadUrl(own.purchase.id, userId, now),
    remaining,
    message: SHOP_MESSAGES.downloadStarted(remaining),
  };
}

export type DownloadFile =
  | { ok: true; item: ShopItemRow; stream: ReadableStream<Uint8Array>; size: number }
  | { ok: false; status: 403 | 404 | 410; message: string };

/** The file behind a signed link, for its owner only, before it expires. */
export async function openSignedDownload(input: {
  purchaseId: string | undefined;
  userId: string | null;
  expires: string | null;
  sig: string | null;
  now?: Date;
}): Promise<DownloadFile> {
  const notFound = { ok: false, status: 404, message: SHOP_MESSAGES.purchaseNotFound } as const;
  if (
    !input.userId ||
    !input.expires ||
    !input.sig ||
    !/^\d{1,12}$/.test(input.expires) ||
    !/^[0-9a-f]{64}$/.test(input.sig)
  )
    return notFound;
  const own = await getOwnPurchase(input.userId, input.purchaseId);
  if (!own) return notFound;
  const expected = Buffer.from(
    signature(await getSigningKey(), own.purchase.id, input.userId, Number(input.expires)),
    "hex",
  );
  if (!timingSafeEqual(expected, Buffer.from(input.sig, "hex")))
    return { ok: false, status: 403, message: SHOP_MESSAGES.linkExpired };
  if (Number(input.expires) * 1000 <= (input.now ?? new Date()).getTime())
    return { ok: false, status: 410, message: SHOP_MESSAGES.linkExpired };
  // A staff upload (DATA_DIR/uploads) or a seed file; retired items still download.
  const file = await openShopFile(own.item);
  if (!file) return notFound;
  return { ok: true, item: own.item, stream: file.stream, size: file.size };
}
