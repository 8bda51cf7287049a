import { cp, mkdtemp, readFile, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { db, queryRows } from "~models/platform/db.server";
import { SEEDS_DIR } from "~models/platform/paths.server";
import { contentBlocks, shopItems, subscriptionPlans, tokenPackages } from "~models/schema";
import {
  runSeed,
  SEED_SOURCES,
  seedIfEmpty,
  seedOnBoot,
  SeedValidationError,
  type SeedSource,
} from "~models/views/seed.server";
import { getSiteShell, upsertContentBlock } from "~models/content/site-content.server";

async function copyOfSeeds(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "seeds-"));
  await cp(SEEDS_DIR, dir, { recursive: true });
  return dir;
}

const countBlocks = async () =>
  (await queryRows<{ n: number }>(sql`select count(*)::int as n from content_blocks`))[0]?.n;

beforeEach(async () => {
  await db().delete(contentBlocks);
});

describe("npm run seed", () => {
  it("loads the shell content the layout needs", async () => {
    const report = await runSeed();
    expect(report.site).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    const shell = await getSiteShell();
    expect(shell.navigation.rotatingWords).toEqual(["Strategy", "Design", "Development", "Motion", "Social"]);
    expect(shell.footer.social.filter((s) => s.href).map((s) => s.label)).toEqual(["Instagram", "LinkedIn"]);
    expect(shell.footer.social.filter((s) => !s.href).map((s) => s.label)).toEqual([
      "Facebook",
      "Snapchat",
      "X",
    ]);
  });

  it("is idempotent: a second run changes nothing", async () => {
    await runSeed();
    const before = await db().select().from(contentBlocks).orderBy(contentBlocks.key);
    const report = await runSeed();
    // Content blocks count one each; the blog and catalogue rows (plans, token packages, shop items) one per row.
    for (const [name, count] of Object.entries(report))
      expect(count, name).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.site).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect(report.solutions).toEqual({ inserted: 0, updated: 0, unchanged: 6 });
    expect(report["shop-items"]).toEqual({ inserted: 0, updated: 0, unchanged: 12 });
    expect(report.policies).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    const after = await db().select().from(contentBlocks).orderBy(contentBlocks.key);
    expect(after).toEqual(before);
  });

  it("updates a block whose file changed, and only that block", async () => {
    await runSeed();
    const dir = await copyOfSeeds();
    const file = path.join(dir, "navigation.json");
    const navigation = JSON.parse(await readFile(file, "utf8"));
    navigation.links[0].label = "What we do";
    await writeFile(file, JSON.stringify(navigation));
    const report = await runSeed({ dir });
    expect(report.navigation).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(report.footer).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await getSiteShell()).navigation.links[0]?.label).toBe("What we do");
  });

  it("rejects an invalid file with its name and field, and writes nothing", async () => {
    const dir = await copyOfSeeds();
    const footer = JSON.parse(await readFile(path.join(dir, "footer.json"), "utf8"));
    footer.groups[1].links[2].href = "https://elsewhere.example/page";
    await writeFile(path.join(dir, "footer.json"), JSON.stringify(footer));
    await writeFile(path.join(dir, "site.json"), "{ not json");

    const error = await runSeed({ dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedValidationError);
    const message = (error as Error).message;
    expect(message).toContain("footer.json: groups.1.links.2.href: must be a path on this site");
    expect(message).toMatch(/site\.json: cannot be read/);
    expect(await countBlocks()).toBe(0);
  });

  it("reads Markdown with front matter from a folder source", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "seeds-md-"));
    await mkdir(path.join(dir, "notes"));
    await writeFile(
      path.join(dir, "notes", "first-note.md"),
      "---\ntitle: First note\n---\n\nHello **world**.\n",
    );
    const schema = z.object({ slug: z.string(), title: z.string(), body: z.string() });
    const source: SeedSource = {
      kind: "dir",
      name: "notes",
      dir: "notes",
      schema,
      write: (tx, items) => upsertContentBlock(tx, "notes", items),
    };
    await runSeed({ dir, sources: [source] });
    const [row] = await db().select().from(contentBlocks);
    expect(row?.data).toEqual([{ slug: "first-note", title: "First note", body: "Hello **world**." }]);
  });
});

describe("catalogue", () => {
  it("seeds the plans and token bundles once, into the tables both the marketing pages and billing read", async () => {
    await runSeed();
    const [solutions] = await db()
      .select()
      .from(contentBlocks)
      .where(sql`${contentBlocks.key} = 'solutions'`);
    expect(solutions?.data).not.toHaveProperty("plans");
    const plans = await db().select().from(subscriptionPlans).orderBy(subscriptionPlans.position);
    expect(plans.map((p) => [p.id, p.name, p.price, p.monthlyTokens, p.projectLimit])).toEqual([
      ["starter", "STARTER", 14999, 60, 1],
      ["social", "SOCIAL", 29999, 120, 2],
      ["motion", "MOTION", 44999, 200, 3],
      ["trend-plus", "TREND +", 64999, 300, 5],
      ["pro", "PRO", 119999, 600, -1],
    ]);
    const packages = await db().select().from(tokenPackages).orderBy(tokenPackages.position);
    expect(packages.map((p) => [p.name, p.tokens, p.prices])).toEqual([
      ["Essential", 50, { us: 70, eu: 65, in: 5800 }],
      ["Popular", 120, { us: 130, eu: 120, in: 10800 }],
      ["Best Value", 250, { us: 250, eu: 230, in: 20800 }],
    ]);
  });

  it("deactivates an item removed from the file (purchases keep pointing at it), and reports one change per row", async () => {
    await runSeed();
    const dir = await copyOfSeeds();
    const file = path.join(dir, "shop-items.json");
    const catalogue = JSON.parse(await readFile(file, "utf8"));
    catalogue.items = catalogue.items.filter((item: { id: string }) => item.id !== "launch-poster");
    catalogue.items[0].tokenPrice = 9;
    await writeFile(file, JSON.stringify(catalogue));
    const report = await runSeed({ dir });
    expect(report["shop-items"]).toEqual({ inserted: 0, updated: 2, unchanged: 10 });
    const rows = await db().select().from(shopItems);
    expect(rows.find((r) => r.id === "launch-poster")?.isActive).toBe(false);
    expect(rows.find((r) => r.id === "social-post-grid")?.tokenPrice).toBe(9);
  });

  it("rejects a shop item whose file is missing", async () => {
    const dir = await copyOfSeeds();
    const file = path.join(dir, "shop-items.json");
    const catalogue = JSON.parse(await readFile(file, "utf8"));
    catalogue.items[1].file = "no-such-file.pdf";
    await writeFile(file, JSON.stringify(catalogue));
    const error = await runSeed({ dir }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      "shop-items.json: items.1.file: seeds/shop-files/no-such-file.pdf does not exist",
    );
  });
});

describe("first start", () => {
  it("seeds an empty database, and leaves a seeded one alone", async () => {
    expect(await seedIfEmpty()).toBe(true);
    // One content block per seed source (site, navigation, …, policies, articles), except those that write only table rows (blog posts, shop items).
    expect(await countBlocks()).toBe(SEED_SOURCES.filter((source) => !source.tableOnly).length);
    expect(await seedIfEmpty()).toBe(false);
  });
});

describe("boot", () => {
  it("loads content added by a newer release, and leaves edited blocks alone", async () => {
    await runSeed();
    await db()
      .delete(contentBlocks)
      .where(sql`${contentBlocks.key} = 'footer'`);
    await db().execute(
      sql`update content_blocks set data = jsonb_set(data, '{tagline}', '"Edited by staff"') where key = 'site'`,
    );
    expect(await seedOnBoot()).toEqual(["footer"]);
    // A database from before the plans had their table gets them at the next boot.
    await db().delete(subscriptionPlans);
    expect(await seedOnBoot()).toEqual(["solutions"]);
    expect(await db().select().from(subscriptionPlans)).toHaveLength(5);
    expect((await getSiteShell()).site.tagline).toBe("Edited by staff");
    expect(await seedOnBoot()).toEqual([]);
  });
});
