import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~models/platform/db.server";
import { purchases } from "~models/schema";
import { runSeed } from "~models/content/seed.server";
import { checkout } from "~models/billing/shop.server";
import { getBalance } from "~models/billing/tokens.server";
import { SHOP_MESSAGES } from "~models/billing/shop";
import * as cartPage from "~/routes/billing/cart";
import * as confirmPage from "~/routes/billing/checkout-confirm";
import * as checkoutReceipt from "~/routes/account/checkout-receipt";
import * as downloadFile from "~/routes/billing/download-file";
import * as apiCart from "~/routes/api/billing/cart";
import * as apiCartItem from "~/routes/api/billing/cart-item";
import * as apiCheckout from "~/routes/api/billing/checkout";
import * as apiDownload from "~/routes/api/billing/download";
import * as apiPurchases from "~/routes/api/billing/my-purchases";
import * as apiShopItems from "~/routes/api/billing/shop-items";
import * as purchasesPage from "~/routes/dashboard/purchases";
import * as shopPage from "~/routes/dashboard/shop";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, tokenHeader, type Client } from "./project-helpers";

type Item = {
  id: string;
  name: string;
  category: string;
  token_price: number;
  original_price: number;
  is_purchased: boolean;
  can_afford: boolean;
  file_format: string;
  file_size: string;
};
type Cart = {
  items: { id: string; quantity: number; shop_item: Item }[];
  total_token_price: number;
  total_items: number;
  can_afford: boolean;
};
type Purchase = {
  id: string;
  shop_item: Item;
  tokens_spent: number;
  purchase_date: string;
  download_count: number;
  max_downloads: number;
  can_download: boolean;
};

beforeAll(async () => {
  await runSeed();
});

const addItem = (client: Client, id: string, quantity?: number) =>
  api.send(apiCart.action, client, "POST", "/api/cart/", {
    shop_item_id: id,
    ...(quantity ? { quantity } : {}),
  });
const cartOf = async (client: Client) => body<Cart>(await api.get(apiCart.loader, client, "/api/cart/"));

describe("shop items", () => {
  it("lists the seeded items with category and search filters, priced for the caller", async () => {
    const client = await signedInClient();
    await give(client, 6);
    const all = body<Item[]>(await api.get(apiShopItems.loader, client, "/api/shop-items/"));
    expect(all).toHaveLength(12);
    const grid = all.find((i) => i.id === "social-post-grid")!;
    expect(grid).toMatchObject({
      name: "Social Post Grid",
      category: "templates",
      token_price: 8,
      original_price: 12,
      file_format: "ZIP",
      is_purchased: false,
      can_afford: false,
    });
    expect(grid.file_size).toMatch(/^\d+(\.\d)? KB$/);
    expect(all.find((i) => i.id === "grain-overlay")!.can_afford).toBe(true);

    const tools = body<Item[]>(await api.get(apiShopItems.loader, client, "/api/shop-items/?category=tools"));
    expect(tools.map((i) => i.id)).toEqual(["content-calendar", "colour-palette-kit", "type-scale-sheet"]);
    // Search looks at names and descriptions, in any case.
    const search = body<Item[]>(
      await api.get(apiShopItems.loader, client, "/api/shop-items/?category=all&search=POSTER"),
    );
    expect(search.map((i) => i.id)).toEqual(["launch-poster"]);
    expect(
      body<Item[]>(
        await api.get(apiShopItems.loader, client, "/api/shop-items/?search=Cheat&category=tools"),
      ).map((i) => i.id),
    ).toEqual(["type-scale-sheet"]);
    expect(body<Item[]>(await api.get(apiShopItems.loader, client, "/api/shop-items/?search=%25"))).toEqual(
      [],
    );
    expect((await api.get(apiShopItems.loader, null, "/api/shop-items/")).status).toBe(401);

    // The page reads the same filters from its GET form.
    const page = await call(
      shopPage.loader,
      getRequest("/dashboard2/shop?category=graphics&search=badge", { cookie: client.cookie }),
    );
    expect(body<{ items: Item[] }>(page).items.map((i) => i.id)).toEqual(["geometric-badges"]);
  });
});

describe("cart", () => {
  it("adds with the spec's messages, and blocks what is owned or unaffordable", async () => {
    const client = await signedInClient();
    const poor = await addItem(client, "social-post-grid");
    expect(poor).toMatchObject({
      status: 409,
      body: { error: "You need 8 Creative Tokens to purchase this item. You currently have 0 tokens." },
    });
    await give(client, 30);
    const added = await addItem(client, "social-post-grid");
    expect(added.status).toBe(201);
    expect(body(added).message).toBe("Social Post Grid added to cart for 8 Creative Tokens!");
    expect((await addItem(client, "no-such-item")).status).toBe(404);
    expect((await api.send(apiCart.action, client, "POST", "/api/cart/", { quantity: 1 })).status).toBe(400);

    await addItem(client, "grain-overlay", 2);
    let cart = await cartOf(client);
    expect(cart).toMatchObject({ total_token_price: 8 + 6, total_items: 3, can_afford: true });
    const grain = cart.items.find((i) => i.shop_item.id === "grain-overlay")!;
    expect(
      (
        await api.send(
          apiCartItem.action,
          client,
          "PUT",
          `/api/cart-item/${grain.id}/`,
          { quantity: 4 },
          { id: grain.id },
        )
      ).status,
    ).toBe(200);
    expect((await cartOf(client)).total_token_price).toBe(8 + 12);
    expect(
      (
        await api.send(
          apiCartItem.action,
          client,
          "PUT",
          `/api/cart-item/${grain.id}/`,
          { quantity: 0 },
          { id: grain.id },
        )
      ).status,
    ).toBe(200);
    cart = await cartOf(client);
    expect(cart.items.map((i) => i.shop_item.id)).toEqual(["social-post-grid"]);

    // Owned: after checkout, adding it again is refused.
    expect((await checkout(client.id)).ok).toBe(true);
    expect(await addItem(client, "social-post-grid")).toMatchObject({
      status: 409,
      body: { error: "You already own this item!" },
    });
    const items = body<Item[]>(
      await api.get(apiShopItems.loader, client, "/api/shop-items/?category=templates"),
    );
    expect(items.find((i) => i.id === "social-post-grid")?.is_purchased).toBe(true);

    await addItem(client, "grain-overlay");
    const cleared = await api.send(apiCart.action, client, "DELETE", "/api/cart/");
    expect(body(cleared)).toMatchObject({ cart: { items: [], total_items: 0, can_afford: false } });
  });

  it("the cart page sends a refused quantity back to its line's field", async () => {
    const client = await signedInClient();
    await give(client, 20);
    await addItem(client, "launch-poster");
    const [line] = (await cartOf(client)).items;
    const refused = await call(
      cartPage.action,
      formRequest(
        "/cart",
        { intent: "update", cart_item_id: line!.id, quantity: "11" },
        { cookie: client.cookie },
      ),
    );
    expect(refused.status).toBe(400);
    expect(body<{ refused: { line: string; quantity: string } }>(refused).refused).toEqual({
      line: line!.id,
      quantity: "11",
    });
    expect((await cartOf(client)).items[0]!.quantity).toBe(1);
  });

  it("keeps each client's cart lines to themselves (IDOR)", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    await give(owner, 20);
    await addItem(owner, "launch-poster");
    const [line] = (await cartOf(owner)).items;
    expect(
      (
        await api.send(
          apiCartItem.action,
          other,
          "PUT",
          `/api/cart-item/${line!.id}/`,
          { quantity: 5 },
          { id: line!.id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await api.send(
          apiCartItem.action,
          other,
          "DELETE",
          `/api/cart-item/${line!.id}/`,
          {},
          { id: line!.id },
        )
      ).status,
    ).toBe(404);
    const pageRemove = await call(
      cartPage.action,
      formRequest("/cart", { intent: "remove", cart_item_id: line!.id }, { cookie: other.cookie }),
    );
    expect(pageRemove.status).toBe(404);
    expect(
      (
        await api.send(
          apiCartItem.action,
          other,
          "DELETE",
          "/api/cart-item/not-a-uuid/",
          {},
          { id: "not-a-uuid" },
        )
      ).status,
    ).toBe(404);
    expect((await cartOf(owner)).items).toHaveLength(1);
    expect((await cartOf(other)).items).toHaveLength(0);
  });
});

describe("checkout", () => {
  it("spends, creates purchases and empties the cart in one go, or refuses with the spec's message", async () => {
    const client = await signedInClient();
    await give(client, 21);
    await addItem(client, "pitch-deck-outline");
    await addItem(client, "brand-guidelines-starter");
    const short = await api.send(apiCheckout.action, client, "POST", "/api/checkout/");
    expect(short).toMatchObject({
      status: 409,
      body: { error: "Insufficient Creative Tokens! You need 27 tokens but have 21 tokens." },
    });
    expect(await db().select().from(purchases).where(eq(purchases.userId, client.id))).toHaveLength(0);
    expect((await cartOf(client)).can_afford).toBe(false);

    const brand = (await cartOf(client)).items.find((i) => i.shop_item.id === "brand-guidelines-starter")!;
    await api.send(apiCartItem.action, client, "DELETE", `/api/cart-item/${brand.id}/`, {}, { id: brand.id });
    await addItem(client, "launch-poster");
    const done = await api.send(
      apiCheckout.action,
      client,
      "POST",
      "/api/checkout/",
      {},
      {},
      { "Idempotency-Key": "checkout-key-1" },
    );
    expect(done.status).toBe(200);
    expect(body(done)).toMatchObject({
      total_tokens_spent: 17,
      remaining_tokens: 4,
      message: "Checkout successful! You spent 17 Creative Tokens and now have 4 tokens remaining.",
    });
    expect((await cartOf(client)).items).toEqual([]);
    // The same key again (a double-submitted form): the first answer, nothing spent.
    const again = await api.send(
      apiCheckout.action,
      client,
      "POST",
      "/api/checkout/",
      {},
      {},
      { "Idempotency-Key": "checkout-key-1" },
    );
    expect(body(again)).toMatchObject({ total_tokens_spent: 17, remaining_tokens: 4 });
    expect(await getBalance(client.id)).toBe(4);
    expect(await api.send(apiCheckout.action, client, "POST", "/api/checkout/")).toMatchObject({
      status: 400,
      body: { error: "Your cart is empty." },
    });
    await ledgerIsConsistent(client);

    const list = body<Purchase[]>(await api.get(apiPurchases.loader, client, "/api/my-purchases/"));
    expect(
      list.map((p) => [p.shop_item.id, p.tokens_spent, p.download_count, p.max_downloads, p.can_download]),
    ).toEqual(
      expect.arrayContaining([
        ["pitch-deck-outline", 12, 0, 3, true],
        ["launch-poster", 5, 0, 3, true],
      ]),
    );
  });

  it("parallel checkouts of one cart: one succeeds, nothing is spent twice, the balance equals the ledger", async () => {
    const client = await signedInClient();
    await give(client, 40);
    for (const id of ["studio-icon-set", "abstract-hero", "content-calendar"]) await addItem(client, id);
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => checkout(client.id, { idempotencyKey: `parallel-${i}` })),
      ...Array.from({ length: 6 }, () => checkout(client.id, { idempotencyKey: "parallel-same" })),
    ]);
    const spent = results.filter((r) => r.ok && !r.replayed);
    expect(spent).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "empty")).toBe(true);
    expect(await getBalance(client.id)).toBe(40 - 24);
    expect(await db().select().from(purchases).where(eq(purchases.userId, client.id))).toHaveLength(3);
    expect(await ledgerIsConsistent(client)).toBe(16);
  });

  it("the cart page spends nothing itself: its checkout goes to the confirm step", async () => {
    const client = await signedInClient();
    await give(client, 10);
    await addItem(client, "type-scale-sheet");
    const page = body<{ cart: Cart }>(
      await call(cartPage.loader, getRequest("/cart", { cookie: client.cookie })),
    );
    expect(page.cart.can_afford).toBe(true);
    const posted = await call(
      cartPage.action,
      formRequest("/cart", { intent: "checkout" }, { cookie: client.cookie }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/cart/checkout");
    expect(await getBalance(client.id)).toBe(10);
  });

  it("the confirm step checks out with its form key and the total it showed, once", async () => {
    const client = await signedInClient();
    await give(client, 10);
    await addItem(client, "type-scale-sheet");
    const page = body<{ checkoutKey: string; preview: { cost: number } }>(
      await call(confirmPage.loader, getRequest("/cart/checkout", { cookie: client.cookie })),
    );
    expect(page.preview.cost).toBe(2);
    const submit = () =>
      call(
        confirmPage.action,
        formRequest(
          "/cart/checkout",
          {
            intent: "checkout",
            idempotency_key: page.checkoutKey,
            expected_total: String(page.preview.cost),
          },
          { cookie: client.cookie },
        ),
      );
    const [first, second] = [await submit(), await submit()];
    // Both lead to the one order page (a reload of it spends nothing either).
    expect([first.status, second.status]).toEqual([303, 303]);
    const location = first.headers.get("location")!;
    expect(second.headers.get("location")).toBe(location);
    const order = body<{ complete: { message: string; purchases: { shop_item: { name: string } }[] } }>(
      await call(confirmPage.loader, getRequest(location, { cookie: client.cookie })),
    ).complete;
    expect(order.message).toBe(
      "Checkout successful! You spent 2 Creative Tokens and now have 8 tokens remaining.",
    );
    expect(order.purchases.map((p) => p.shop_item.name)).toEqual(["Type Scale Cheat Sheet"]);
    // Its receipt: what it bought and cost, in tokens; anyone else's is "not found".
    const { id: orderId } = body<{ complete: { id: string } }>(
      await call(confirmPage.loader, getRequest(location, { cookie: client.cookie })),
    ).complete;
    const receiptPath = `/manageaccount/checkouts/${orderId}/receipt`;
    const receipt = await call(checkoutReceipt.loader, getRequest(receiptPath, { cookie: client.cookie }), {
      id: orderId,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toContain("text/html");
    expect(receipt.body).toContain("Type Scale Cheat Sheet");
    expect(receipt.body).toContain("2 Creative Tokens");
    expect(receipt.body).toContain("8 Creative Tokens");
    // Another client's key shows no order, and their receipt request is "not found".
    const other = await signedInClient();
    expect(
      (await call(checkoutReceipt.loader, getRequest(receiptPath, { cookie: other.cookie }), { id: orderId }))
        .status,
    ).toBe(404);
    expect(
      body<{ complete?: unknown }>(
        await call(confirmPage.loader, getRequest(location, { cookie: other.cookie })),
      ).complete,
    ).toBeUndefined();
    expect(await getBalance(client.id)).toBe(8);
  });
});

describe("downloads", () => {
  async function ownedPurchase(client: Client, itemId = "type-scale-sheet") {
    await give(client, 10);
    await addItem(client, itemId);
    const result = await checkout(client.id);
    if (!result.ok) throw new Error(result.message);
    return result.purchaseIds[0]!;
  }

  it("counts each download up to the limit, with a signed link that only the owner can use", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const purchaseId = await ownedPurchase(client);

    const first = await api.send(
      apiDownload.action,
      client,
      "POST",
      `/api/download/${purchaseId}/`,
      {},
      { purchaseId },
    );
    expect(body(first)).toMatchObject({
      downloads_remaining: 2,
      message: "Download started! Downloads remaining: 2.",
    });
    const url = new URL(body<{ download_url: string }>(first).download_url);
    expect(url.pathname).toBe(`/download/${purchaseId}/file`);

    const file = await call(
      downloadFile.loader,
      getRequest(`${url.pathname}${url.search}`, { cookie: client.cookie }),
      { purchaseId },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain('attachment; filename="type-scale-sheet.txt"');
    expect(String(file.body)).toContain("Type scale cheat sheet");

    // The owner's link is no use to anyone else, tampered with, or without a session.
    expect(
      (
        await call(
          downloadFile.loader,
          getRequest(`${url.pathname}${url.search}`, { cookie: other.cookie }),
          { purchaseId },
        )
      ).status,
    ).toBe(404);
    const tampered = url.search.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === "0" ? "1" : "0"}`);
    expect(
      (
        await call(downloadFile.loader, getRequest(`${url.pathname}${tampered}`, { cookie: client.cookie }), {
          purchaseId,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(downloadFile.loader, getRequest(`${url.pathname}${url.search}`), { purchaseId })).status,
    ).toBe(302);
    // Five minutes later it has expired.
    vi.useFakeTimers({ now: Date.now() + 5 * 60 * 1000 + 1000, toFake: ["Date"] });
    try {
      expect(
        (
          await call(
            downloadFile.loader,
            getRequest(`${url.pathname}${url.search}`, { cookie: client.cookie }),
            { purchaseId },
          )
        ).status,
      ).toBe(410);
    } finally {
      vi.useRealTimers();
    }

    // Another client's purchase does not exist for them (API and page).
    expect(
      (await api.send(apiDownload.action, other, "POST", `/api/download/${purchaseId}/`, {}, { purchaseId }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          purchasesPage.action,
          formRequest("/dashboard2/purchases", { purchase_id: purchaseId }, { cookie: other.cookie }),
        )
      ).status,
    ).toBe(404);
    expect(body<Purchase[]>(await api.get(apiPurchases.loader, other, "/api/my-purchases/"))).toEqual([]);

    await api.send(apiDownload.action, client, "POST", `/api/download/${purchaseId}/`, {}, { purchaseId });
    const page = await call(
      purchasesPage.action,
      formRequest("/dashboard2/purchases", { purchase_id: purchaseId }, { cookie: client.cookie }),
    );
    expect(body(page)).toMatchObject({ notice: { message: "Download started! Downloads remaining: 0." } });
    expect(
      await api.send(apiDownload.action, client, "POST", `/api/download/${purchaseId}/`, {}, { purchaseId }),
    ).toMatchObject({ status: 409, body: { error: "Download Limit Reached" } });
    const [purchase] = body<Purchase[]>(await api.get(apiPurchases.loader, client, "/api/my-purchases/"));
    expect(purchase).toMatchObject({ download_count: 3, max_downloads: 3, can_download: false });
  });

  it("a GET with the API token counts a download, as the spec has it; a GET with only the session cookie (a link on another site, a prefetch) counts nothing", async () => {
    const client = await signedInClient();
    const purchaseId = await ownedPurchase(client, "grain-overlay");
    for (let i = 0; i < 4; i++) {
      const get = await call(
        apiDownload.loader,
        getRequest(`/api/download/${purchaseId}/`, { cookie: client.cookie }),
        { purchaseId },
      );
      expect(get).toMatchObject({ status: 405, body: { error: SHOP_MESSAGES.downloadNeedsPost } });
      expect(get.headers.get("Allow")).toBe("GET, POST");
    }
    const [untouched] = body<Purchase[]>(await api.get(apiPurchases.loader, client, "/api/my-purchases/"));
    expect(untouched).toMatchObject({ download_count: 0, can_download: true });

    const get = await api.get(apiDownload.loader, client, `/api/download/${purchaseId}/`, { purchaseId });
    expect(get.status).toBe(200);
    expect(body(get)).toMatchObject({
      download_url: expect.stringMatching(new RegExp(`/download/${purchaseId}/file\\?`)),
      downloads_remaining: 2,
    });
    expect(
      body(
        await api.send(
          apiDownload.action,
          client,
          "POST",
          `/api/download/${purchaseId}/`,
          {},
          { purchaseId },
        ),
      ),
    ).toMatchObject({ downloads_remaining: 1 });
    // Someone else's token finds nothing.
    const other = await signedInClient();
    expect(
      (await api.get(apiDownload.loader, other, `/api/download/${purchaseId}/`, { purchaseId })).status,
    ).toBe(404);
  });

  it("never passes the limit, however many downloads start at once", async () => {
    const client = await signedInClient();
    const purchaseId = await ownedPurchase(client, "grain-overlay");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.send(apiDownload.action, client, "POST", `/api/download/${purchaseId}/`, {}, { purchaseId }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });
});

describe("errors", () => {
  it("answer with the spec's default messages, never a stack", async () => {
    const client = await signedInClient();
    await give(client, 10);
    await db().execute(sql`alter table cart_items rename to cart_items_gone`);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await api.get(apiCart.loader, client, "/api/cart/")).toMatchObject({
        status: 500,
        body: { error: "Failed to fetch cart" },
      });
      expect(await addItem(client, "grain-overlay")).toMatchObject({
        status: 500,
        body: { error: "Failed to add item to cart" },
      });
      expect(await api.send(apiCart.action, client, "DELETE", "/api/cart/")).toMatchObject({
        status: 500,
        body: { error: "Failed to clear cart" },
      });
      expect(await api.send(apiCheckout.action, client, "POST", "/api/checkout/")).toMatchObject({
        status: 500,
        body: { error: "Checkout failed" },
      });
      expect(await api.get(apiShopItems.loader, client, "/api/shop-items/")).toMatchObject({
        status: 500,
        body: { error: "Failed to fetch shop items" },
      });
    } finally {
      quiet.mockRestore();
      await db().execute(sql`alter table cart_items_gone rename to cart_items`);
    }
    expect(await api.send(apiCart.action, client, "PATCH", "/api/cart/")).toMatchObject({ status: 405 });
    expect(
      (await call(apiCart.loader, getRequest("/api/cart/", { headers: { Authorization: "Token nope" } })))
        .status,
    ).toBe(401);
    expect(
      (await call(apiCheckout.action, getRequest("/api/checkout/", { headers: tokenHeader(client) }))).status,
    ).toBe(405);
  });
});
