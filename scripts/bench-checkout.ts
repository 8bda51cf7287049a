// npm run bench:checkout: many clients spending from ONE token balance at once,
// through the same model functions the pages and the API call. Prints
// successes, the final balance, the ledger's sum and p50/p99 per phase, and
// exits 1 if a token was spent twice or the balance differs from the ledger.
// PGlite by default (a temporary data dir); PostgreSQL with DATABASE_URL:
//   npm run bench:checkout
//   PGTEST_PORT=54421 scripts/with-postgres.sh npm run bench:checkout
// BENCH_CLIENTS (default 120) sets how many clients run in each phase.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createAccount } from "../models/identity/accounts.server";
import { openDatabase, setDatabase, type DatabaseConfig } from "../models/platform/db.server";
import { purchases, shopItems } from "../models/schema";
import { runSeed } from "../models/views/seed.server";
import { addToCart, checkout, getCart } from "../models/billing/shop.server";
import { purchaseTokens } from "../models/billing/token-purchases.server";
import { grantTokens, ledgerTotals, spendTokens } from "../models/billing/tokens.server";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 120);
const url = process.env.DATABASE_URL;
const tempDir = url ? null : await mkdtemp(path.join(os.tmpdir(), "ascendra-bench-"));
const config: DatabaseConfig = url
  ? { kind: "postgres", url, poolSize: 20 }
  : { kind: "pglite", dataDir: path.join(tempDir!, "db") };
const handle = await openDatabase(config);
setDatabase(handle);
const db = handle.db;

type Timed<T> = { value: T; ms: number };
async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const latency = (runs: Timed<unknown>[]) =>
  `p50 ${percentile(
    runs.map((r) => r.ms),
    50,
  ).toFixed(1)} ms, p99 ${percentile(
    runs.map((r) => r.ms),
    99,
  ).toFixed(1)} ms`;

const problems: string[] = [];
async function checkLedger(userId: string, label: string) {
  const totals = await ledgerTotals(userId);
  console.log(
    `  final balance ${totals.balance}, ledger sum ${totals.ledgerSum}, unspent grants ${totals.lotsRemaining}`,
  );
  if (totals.balance !== totals.ledgerSum || totals.balance !== totals.lotsRemaining)
    problems.push(
      `${label}: balance ${totals.balance} differs from the ledger (${totals.ledgerSum}) or the grants (${totals.lotsRemaining})`,
    );
  if (totals.balance < 0) problems.push(`${label}: negative balance ${totals.balance}`);
  return totals;
}

try {
  console.log(
    `Checkout benchmark on ${config.kind === "postgres" ? "PostgreSQL" : "PGlite"}, ${CLIENTS} concurrent clients per phase`,
  );
  await runSeed();
  // Enough distinct items for every client, priced 3–12 tokens, sharing one small seeded file.
  const items = Array.from({ length: CLIENTS }, (_, i) => ({
    id: `bench-item-${i}`,
    position: 1000 + i,
    name: `Bench item ${i}`,
    description: "Benchmark item",
    image: "/media/shop/launch-poster.svg",
    category: "assets",
    ratingTenths: 45,
    tokenPrice: 3 + (i % 10),
    originalPriceCents: 500,
    originalPrices: { us: 5, eu: 5, in: 419 },
    maxDownloads: 3,
    fileName: "type-scale-sheet.txt",
    fileFormat: "TXT",
    fileSize: 400,
    contentType: "text/plain; charset=utf-8",
  }));
  await db.insert(shopItems).values(items).onConflictDoNothing();
  const account = await createAccount({
    username: `bench${Date.now().toString(36)}`,
    email: `bench${Date.now()}@example.com`,
    password: "benchmark1",
  });
  if (!account.ok) throw new Error(account.message);
  const userId = account.user.id;

  // Tokens bought through the payment gateway (test mode), like a client would: 4 × 280.
  for (let i = 0; i < 4; i++) {
    const bought = await purchaseTokens(userId, {
      package_id: "best-value",
      region: "us",
      payment_method: "credit_card",
      card: null,
    });
    if (!bought.ok) throw new Error(bought.message);
  }
  await grantTokens({ userId, amount: 40, reason: "staff_adjustment", description: "Benchmark top-up" });
  const start = (await ledgerTotals(userId)).balance;
  const cartCost = items.reduce((s, i) => s + i.tokenPrice, 0);
  console.log(
    `\n1. ${CLIENTS} clients add one item each to the same cart and check out at once (balance ${start}; the items cost ${cartCost} together)`,
  );
  const phase1 = await Promise.all(
    items.map((item, i) =>
      timed(async () => {
        const added = await addToCart(userId, { shop_item_id: item.id, quantity: 1 });
        if (!added.ok) return "add refused";
        const result = await checkout(userId, { idempotencyKey: `bench-1-${i}` });
        if (result.ok) return "paid";
        return result.reason === "insufficient"
          ? "insufficient"
          : "found the cart empty (another checkout bought the item)";
      }),
    ),
  );
  const outcomes = phase1.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [r.value]: (acc[r.value] ?? 0) + 1 }),
    {},
  );
  const [spent] = await db
    .select({
      tokens: sql<number>`coalesce(sum(${purchases.tokensSpent}), 0)::int`,
      count: sql<number>`count(*)::int`,
      distinct: sql<number>`count(distinct ${purchases.shopItemId})::int`,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  console.log(
    `  ${Object.entries(outcomes)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}`,
  );
  console.log(
    `  items bought ${spent!.count} (${spent!.distinct} distinct) for ${spent!.tokens} tokens; ${latency(phase1)}`,
  );
  const after1 = await checkLedger(userId, "phase 1");
  if (spent!.count !== spent!.distinct) problems.push("phase 1: an item was bought twice");
  if (spent!.count !== CLIENTS || spent!.tokens !== cartCost)
    problems.push(
      `phase 1: ${spent!.count} items for ${spent!.tokens} tokens, expected ${CLIENTS} for ${cartCost}`,
    );
  if (after1.balance !== start - spent!.tokens)
    problems.push(`phase 1: balance ${after1.balance} is not ${start} - ${spent!.tokens}`);

  console.log(
    `\n2. Double submits: ${CLIENTS} checkouts of one cart at once, ${Math.ceil(CLIENTS / 10)} per idempotency key`,
  );
  for (const id of [
    "grain-overlay",
    "type-scale-sheet",
    "colour-palette-kit",
    "content-calendar",
    "launch-poster",
  ])
    await addToCart(userId, { shop_item_id: id, quantity: 1 });
  const cart = (await getCart(userId)).total_token_price;
  const before2 = (await ledgerTotals(userId)).balance;
  const phase2 = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      timed(() => checkout(userId, { idempotencyKey: `bench-2-${i % 10}` })),
    ),
  );
  const charged = phase2.filter((r) => r.value.ok && !r.value.replayed).length;
  const replayed = phase2.filter((r) => r.value.ok && r.value.replayed).length;
  console.log(
    `  charged ${charged}, answered with the first result (same key) ${replayed}, found the cart empty ${phase2.length - charged - replayed}; ${latency(phase2)}`,
  );
  const after2 = await checkLedger(userId, "phase 2");
  if (charged !== 1) problems.push(`phase 2: ${charged} checkouts charged, expected 1`);
  if (before2 - after2.balance !== cart)
    problems.push(`phase 2: spent ${before2 - after2.balance}, the cart cost ${cart}`);

  const balance3 = after2.balance;
  const price = 7;
  console.log(`\n3. ${CLIENTS} clients spend ${price} tokens each from the balance of ${balance3} at once`);
  const phase3 = await Promise.all(
    Array.from({ length: CLIENTS }, () =>
      timed(() => spendTokens({ userId, amount: price, reason: "project", description: "Benchmark spend" })),
    ),
  );
  const succeeded = phase3.filter((r) => r.value.ok).length;
  const after3 = await checkLedger(userId, "phase 3");
  console.log(
    `  successes ${succeeded} (the balance covers ${Math.floor(balance3 / price)}), refused ${phase3.length - succeeded}; ${latency(phase3)}`,
  );
  if (succeeded !== Math.min(CLIENTS, Math.floor(balance3 / price)))
    problems.push(
      `phase 3: ${succeeded} spends succeeded, expected ${Math.min(CLIENTS, Math.floor(balance3 / price))}`,
    );
  if (after3.balance !== balance3 - succeeded * price) problems.push("phase 3: a spend was lost or doubled");

  console.log(
    problems.length
      ? `\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`
      : "\nNo double spends; the balance equals the ledger after every phase.",
  );
  process.exitCode = problems.length ? 1 : 0;
} finally {
  setDatabase(undefined);
  await handle.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}
