import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { openSignedDownload, startDownload } from "~models/billing/downloads.server";
import { auditLog, shopItems, subscriptionPlans, subscriptions, tokenPackages } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { checkout } from "~models/billing/shop.server";
import { renewSubscription } from "~models/billing/subscriptions.server";
import * as catalogPage from "~/routes/admin/catalog";
import * as editPage from "~/routes/admin/catalog-edit";
import * as apiCart from "~/routes/api/billing/cart";
import * as apiShopItems from "~/routes/api/billing/shop-items";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import * as apiPackages from "~/routes/api/billing/token-packages";
import * as shopImage from "~/routes/billing/shop-image";
import { api, body, give } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { multipartRequest, signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

withTemporaryDataDir();

beforeAll(async () => {
  await runSeed();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 10, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
const itemFields = {
  name: "Moodboard Kit",
  description: "Twelve moodboard frames for client workshops.",
  category: "templates",
  rating: "4.6",
  token_price: "7",
  original_price: "11.5",
  original_price_eu: "10.5",
  original_price_in: "960",
  max_downloads: "2",
};

const createItem = (staff: Client, fields: Record<string, string | File>) =>
  call(editPage.action, multipartRequest("/admin/catalog/items/new", fields, { cookie: staff.cookie }), {
    kind: "items",
    id: "new",
  });
const retire = (staff: Client, kind: string, id: string, intent = "retire") =>
  call(catalogPage.action, formRequest("/admin/catalog", { intent, kind, id }, { cookie: staff.cookie }));
const shopIds = async (client: Client) =>
  body<Array<{ id: string }>>(await api.get(apiShopItems.loader, client, "/api/shop-items/")).map(
    (i) => i.id,
  );

async function download(client: Client, purchaseId: string) {
  const started = await startDownload(client.id, purchaseId);
  if (!started.ok) throw new Error(started.message);
  const url = new URL(started.url, "http://x");
  const file = await openSignedDownload({
    purchaseId,
    userId: client.id,
    expires: url.searchParams.get("expires"),
    sig: url.searchParams.get("sig"),
  });
  if (!file.ok) throw new Error(file.message);
  return { name: file.item.fileName, bytes: new Uint8Array(await new Response(file.stream).arrayBuffer()) };
}

describe("shop items in the back-office", () => {
  it("checks the uploads: both files required, type by extension and content, image size", async () => {
    const staff = await signedInClient("staff");
    const missing = await createItem(staff, { id: "moodboard-kit", ...itemFields });
    expect(formErrors(missing)).toMatchObject({
      file: ["Please choose the file clients download."],
      image: ["Please choose an image for the shop card."],
    });
    const wrong = await createItem(staff, {
      id: "moodboard-kit",
      ...itemFields,
      file: new File(["MZ not a zip"], "kit.zip"),
      image: new File([new Uint8Array(3 * 1024 * 1024)], "card.png"),
    });
    expect(formErrors(wrong)).toMatchObject({
      file: ["This file's contents do not match its extension. Please upload the original file."],
      image: ["The file is too large. The maximum size is 2 MB."],
    });
    const exe = await createItem(staff, {
      id: "bad id",
      ...itemFields,
      file: new File(["x"], "kit.exe"),
      image: new File([PNG], "card.svg"),
    });
    expect(formErrors(exe).file![0]).toMatch(/^Please upload a zip, pdf, svg, txt, csv or json file\.$/);
    expect(formErrors(exe).image![0]).toMatch(/png, jpg, jpeg or webp/);
    expect(formErrors(exe).id).toBeDefined();
    expect(await db().select().from(shopItems).where(eq(shopItems.id, "moodboard-kit"))).toEqual([]);
  });

  it("staff add an item with its file; a client buys and downloads it; retired, it leaves the shop but the download still works", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const created = await createItem(staff, {
      id: "moodboard-kit",
      ...itemFields,
      file: new File([ZIP], "Moodboard Kit.zip"),
      image: new File([PNG], "card.png"),
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/catalog/items/moodboard-kit?created=1");
    const [row] = await db().select().from(shopItems).where(eq(shopItems.id, "moodboard-kit"));
    expect(row).toMatchObject({
      name: "Moodboard Kit",
      tokenPrice: 7,
      originalPriceCents: 1150,
      maxDownloads: 2,
      fileName: "Moodboard Kit.zip",
      fileFormat: "ZIP",
      fileSize: ZIP.byteLength,
      managedBy: "staff",
      isActive: true,
    });
    expect(row!.image).toMatch(/^\/shop-images\/[0-9a-f]{32}\.png$/);
    const [created_] = await db().select().from(auditLog).where(eq(auditLog.action, "catalog.create"));
    expect(created_).toMatchObject({
      actorId: staff.id,
      targetType: "shop_item",
      targetId: "moodboard-kit",
      after: { name: "Moodboard Kit", tokenPrice: 7 },
    });

    // The image: signed-in accounts only, and only while an item uses it.
    const file = row!.image.slice("/shop-images/".length);
    expect((await call(shopImage.loader, getRequest(row!.image), { file })).status).toBe(404);
    const image = await call(shopImage.loader, getRequest(row!.image, { cookie: client.cookie }), { file });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(
      (
        await call(shopImage.loader, getRequest("/shop-images/x", { cookie: client.cookie }), {
          file: `${"0".repeat(32)}.png`,
        })
      ).status,
    ).toBe(404);

    expect(await shopIds(client)).toContain("moodboard-kit");
    await give(client, 10);
    expect(
      (await api.send(apiCart.action, client, "POST", "/api/cart/", { shop_item_id: "moodboard-kit" }))
        .status,
    ).toBeLessThan(300);
    const bought = await checkout(client.id, { idempotencyKey: "catalog-buy" });
    if (!bought.ok) throw new Error(JSON.stringify(bought));
    const purchaseId = bought.purchaseIds[0]!;
    expect(await download(client, purchaseId)).toEqual({ name: "Moodboard Kit.zip", bytes: ZIP });

    const retired = await retire(staff, "shop_item", "moodboard-kit");
    expect(retired).toMatchObject({ status: 200, body: { tone: "success" } });
    expect(await shopIds(client)).not.toContain("moodboard-kit");
    const other = await signedInClient();
    await give(other, 10);
    expect(
      (await api.send(apiCart.action, other, "POST", "/api/cart/", { shop_item_id: "moodboard-kit" })).status,
    ).toBe(404);
    expect((await download(client, purchaseId)).bytes).toEqual(ZIP);
    const listed = body<{ shopItems: Array<{ id: string; purchases: number; isActive: boolean }> }>(
      await call(catalogPage.loader, getRequest("/admin/catalog", { cookie: staff.cookie })),
    );
    expect(listed.shopItems.find((i) => i.id === "moodboard-kit")).toMatchObject({
      purchases: 1,
      isActive: false,
    });
    const [retiredEntry] = await db().select().from(auditLog).where(eq(auditLog.action, "catalog.retire"));
    expect(retiredEntry).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    // A seed run leaves a staff item alone: not retired for missing from the seed file.
    await retire(staff, "shop_item", "moodboard-kit", "restore");
    await runSeed();
    const [after] = await db().select().from(shopItems).where(eq(shopItems.id, "moodboard-kit"));
    expect(after).toMatchObject({ isActive: true, managedBy: "staff" });
  });

  it("edits keep the id and the file unless a new one is chosen; the audit entry has before and after", async () => {
    const staff = await signedInClient("staff");
    const edited = await call(
      editPage.action,
      multipartRequest(
        "/admin/catalog/items/grain-overlay",
        { ...itemFields, name: "Grain Overlay Pro", category: "assets" },
        { cookie: staff.cookie },
      ),
      { kind: "items", id: "grain-overlay" },
    );
    expect(edited).toMatchObject({ status: 200, body: { tone: "success" } });
    const [row] = await db().select().from(shopItems).where(eq(shopItems.id, "grain-overlay"));
    expect(row).toMatchObject({
      name: "Grain Overlay Pro",
      fileName: "grain-overlay.svg",
      fileStorageKey: null,
      managedBy: "staff",
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "catalog.update"));
    expect(entry).toMatchObject({
      targetId: "grain-overlay",
      before: { name: "Grain Texture Overlay" },
      after: { name: "Grain Overlay Pro" },
    });
  });
});

describe("the seed and staff edits", () => {
  it("a seed run does not undo a staff edit or put a retired row back on sale; untouched rows still follow the seed", async () => {
    const staff = await signedInClient("staff");
    const form = {
      name: "Essential Plus",
      description: "Fifty tokens and a welcome note.",
      tokens: "50",
      bonus_tokens: "5",
      price_us: "70",
      price_eu: "65",
      price_in: "5800",
    };
    const saved = await call(
      editPage.action,
      formRequest("/admin/catalog/packages/essential", form, { cookie: staff.cookie }),
      { kind: "packages", id: "essential" },
    );
    expect(saved).toMatchObject({ status: 200, body: { tone: "success" } });
    await retire(staff, "subscription_plan", "pro");
    await retire(staff, "shop_item", "launch-poster");
    // A row nobody edited drifts (as if the file had changed): the seed puts it right.
    await db().update(tokenPackages).set({ name: "Drifted" }).where(eq(tokenPackages.id, "popular"));

    await runSeed();
    const packages = await db().select().from(tokenPackages);
    expect(packages.find((p) => p.id === "essential")).toMatchObject({
      name: "Essential Plus",
      bonusTokens: 5,
      managedBy: "staff",
    });
    expect(packages.find((p) => p.id === "popular")!.name).not.toBe("Drifted");
    expect(
      (await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, "pro")))[0],
    ).toMatchObject({ isActive: false, managedBy: "staff" });
    expect((await db().select().from(shopItems).where(eq(shopItems.id, "launch-poster")))[0]).toMatchObject({
      isActive: false,
    });

    // Clients see the edit at once.
    const listed = body<Array<{ id: string; name: string }>>(
      await api.get(apiPackages.loader, null, "/api/token-packages/"),
    );
    expect(listed.find((p) => p.id === "essential")!.name).toBe("Essential Plus");
  });

  it("a retired plan takes no new subscribers; a current one runs to the end of its period, then ends instead of renewing", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    expect(
      (
        await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
          plan_id: "motion",
          payment_method_id: null,
        })
      ).status,
    ).toBeLessThan(300);
    await retire(staff, "subscription_plan", "motion");
    const newcomer = await signedInClient();
    expect(
      (
        await api.send(apiSubscribe.action, newcomer, "POST", "/api/subscribe/", {
          plan_id: "motion",
          payment_method_id: null,
        })
      ).status,
    ).toBe(400);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(sub!.status).toBe("active");
    await renewSubscription(sub!.id, new Date(sub!.currentPeriodEnd.getTime() + 1000));
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(ended).toMatchObject({ status: "ended", endReason: "cancelled" });
    expect(ended!.endedAt!.getTime()).toBe(sub!.currentPeriodEnd.getTime());
    const listed = body<{
      plans: Array<{ id: string; activeSubscriptions: number }>;
      tokenPackages: Array<{ id: string; payments: number }>;
    }>(await call(catalogPage.loader, getRequest("/admin/catalog", { cookie: staff.cookie })));
    expect(listed.plans.find((p) => p.id === "motion")!.activeSubscriptions).toBe(0);
    expect(listed.tokenPackages.length).toBeGreaterThanOrEqual(3);
  });

  it("a new id must be free and well formed", async () => {
    const staff = await signedInClient("staff");
    const form = {
      name: "Studio",
      description: "Tokens for studios.",
      tokens: "500",
      bonus_tokens: "0",
      price_us: "600",
      price_eu: "560",
      price_in: "50000",
    };
    const taken = await call(
      editPage.action,
      formRequest("/admin/catalog/packages/new", { ...form, id: "essential" }, { cookie: staff.cookie }),
      { kind: "packages", id: "new" },
    );
    expect(taken.status).toBe(409);
    expect(formErrors(taken)).toMatchObject({
      id: ["That id is already used. Ids are permanent: choose another."],
    });
    const created = await call(
      editPage.action,
      formRequest("/admin/catalog/packages/new", { ...form, id: "studio-pack" }, { cookie: staff.cookie }),
      { kind: "packages", id: "new" },
    );
    expect(created.status).toBe(302);
    const listed = body<Array<{ id: string }>>(
      await api.get(apiPackages.loader, null, "/api/token-packages/"),
    );
    expect(listed.at(-1)!.id).toBe("studio-pack");
  });
});
