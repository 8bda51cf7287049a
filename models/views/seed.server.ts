import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import { count } from "drizzle-orm";
import { billingSettingsSchema, shopItemsSchema } from "../billing/billing-content";
import { invoicingSettingsSchema } from "../billing/invoices";
import { hasInvoicingSettings, upsertInvoicingSettingsSeed } from "../billing/invoices.server";
import { chatFaqSeedSchema } from "../chat/gaps";
import { CHAT_SYNONYMS_BLOCK, chatSynonymsSchema } from "../chat/synonyms";
import { upsertFaqSeeds } from "../chat/faqs.server";
import { blogPostSeedSchema } from "../content/blog";
import { hasBlogPosts, writeBlogPosts } from "../content/blog.server";
import { shopFileExists, upsertPlans, upsertShopItems, upsertTokenPackages } from "../billing/catalog.server";
import { articleSeedSchema, CONTENT_PAGE_BLOCKS, policySeedSchema } from "../content/content-pages";
import { ARTICLES_BLOCK, POLICIES_BLOCK, writeDocumentList } from "../content/content-pages.server";
import { DASHBOARD_CONTENT } from "../projects/dashboard";
import { PROPOSAL_TERMS_BLOCK, proposalTermsSchema } from "../projects/proposals";
import { db, type Database, type Transaction } from "../platform/db.server";
import { SEEDS_DIR } from "../platform/paths.server";
import {
  creativeTokensBlockSchema,
  MARKETING_BLOCKS,
  solutionsBlockSchema,
} from "../content/marketing-content";
import { SHELL_BLOCKS } from "../content/site-content";
import { chatFaqs, contentBlocks, shopItems, subscriptionPlans, tokenPackages } from "../schema";
import { hasAnyContent, upsertContentBlock, type WriteCount } from "../content/site-content.server";

/**
 * One kind of seeded content. `file` is one document; `dir` is a folder whose
 * *.json and *.md files are each one item (Markdown: front matter plus `body`,
 * and `slug` from the file name unless the front matter sets one).
 * `isLoaded` says whether its content is in the database already (default:
 * a content block named `name` exists); boot loads the sources that are not.
 */
export type SeedSource<T = unknown> = (
  | {
      kind: "file";
      name: string;
      file: string;
      schema: z.ZodType<T>;
      write: (tx: Transaction, data: T) => Promise<WriteCount>;
    }
  | {
      kind: "dir";
      name: string;
      dir: string;
      schema: z.ZodType<T>;
      write: (tx: Transaction, items: T[]) => Promise<WriteCount>;
    }
) & {
  /** Whether boot finds it loaded; by default, whether its content block exists. */
  loaded?: (database: Database, blocks: Set<string>) => Promise<boolean>;
  /** Writes table rows only, no content block. */
  tableOnly?: boolean;
  /** A file that may be missing: then there is nothing to load. */
  optional?: boolean;
};

function contentBlockSource<T>(key: string, schema: z.ZodType<T>): SeedSource {
  const write = (tx: Transaction, data: unknown) => upsertContentBlock(tx, key, data);
  return { kind: "file", name: key, file: `${key}.json`, schema, write };
}

const add = (a: WriteCount, b: WriteCount): WriteCount => ({
  inserted: a.inserted + b.inserted,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});
const hasRows = async (
  database: Database,
  table: typeof shopItems | typeof subscriptionPlans | typeof tokenPackages,
) => ((await database.select({ n: count() }).from(table))[0]?.n ?? 0) > 0;

/**
 * A page whose file also carries catalogue rows (plans, token bundles): the
 * rows go to their table, the rest of the page to its content block. One
 * source of truth, read by the marketing page and by billing alike.
 */
function pageWithCatalogue<T, B>(
  key: string,
  schema: z.ZodType<T>,
  block: z.ZodType<B>,
  table: typeof subscriptionPlans | typeof tokenPackages,
  writeRows: (tx: Transaction, data: T) => Promise<WriteCount>,
): SeedSource {
  const write = async (tx: Transaction, data: unknown) =>
    add(await upsertContentBlock(tx, key, block.parse(data)), await writeRows(tx, data as T));
  const loaded = async (database: Database, blocks: Set<string>) =>
    blocks.has(key) && (await hasRows(database, table));
  return { kind: "file", name: key, file: `${key}.json`, schema, write, loaded };
}

/** seeds/shop-items.json: the shop's catalogue; each item's file must exist in seeds/shop-files/. */
const shopItemsSource: SeedSource = {
  kind: "file",
  name: "shop-items",
  file: "shop-items.json",
  schema: shopItemsSchema.superRefine((data, ctx) => {
    data.items.forEach((item, index) => {
      if (!shopFileExists(item.file))
        ctx.addIssue({
          code: "custom",
          path: ["items", index, "file"],
          message: `seeds/shop-files/${item.file} does not exist`,
        });
    });
  }),
  write: (tx, data) => upsertShopItems(tx, (data as z.infer<typeof shopItemsSchema>).items),
  loaded: (database) => hasRows(database, shopItems),
  tableOnly: true,
};

/** Everything `npm run seed` loads. Later features add their sources here. */
export const SEED_SOURCES: SeedSource[] = [
  contentBlockSource("site", SHELL_BLOCKS.site),
  contentBlockSource("navigation", SHELL_BLOCKS.navigation),
  contentBlockSource("footer", SHELL_BLOCKS.footer),
  contentBlockSource("recommendations", DASHBOARD_CONTENT.recommendations),
  contentBlockSource("project-help", DASHBOARD_CONTENT["project-help"]),
  contentBlockSource("home", MARKETING_BLOCKS.home),
  contentBlockSource("services", MARKETING_BLOCKS.services),
  contentBlockSource("strategy", MARKETING_BLOCKS.strategy),
  // Content pages (blog, company, events, policies): docs/decisions/0011-content-in-seeds-and-markdown.md.
  ...Object.entries(CONTENT_PAGE_BLOCKS).map(([key, schema]) => contentBlockSource(key, schema as z.ZodType)),
  {
    kind: "dir",
    name: POLICIES_BLOCK,
    dir: "policies",
    schema: policySeedSchema,
    write: writeDocumentList(POLICIES_BLOCK),
  } as SeedSource,
  {
    kind: "dir",
    name: ARTICLES_BLOCK,
    dir: "articles",
    schema: articleSeedSchema,
    write: writeDocumentList(ARTICLES_BLOCK),
  } as SeedSource,
  {
    kind: "dir",
    name: "blog-posts",
    dir: "blog",
    schema: blogPostSeedSchema,
    write: writeBlogPosts,
    loaded: () => hasBlogPosts(),
    tableOnly: true,
  } as SeedSource,
  pageWithCatalogue(
    "solutions",
    MARKETING_BLOCKS.solutions,
    solutionsBlockSchema,
    subscriptionPlans,
    (tx, data) => upsertPlans(tx, data.plans),
  ),
  pageWithCatalogue(
    "creative-tokens",
    MARKETING_BLOCKS["creative-tokens"],
    creativeTokensBlockSchema,
    tokenPackages,
    (tx, data) => upsertTokenPackages(tx, data.pricing.bundles),
  ),
  contentBlockSource("billing", billingSettingsSchema),
  // The agency's details and tax settings for tax invoices (decision 0082): staff's saved ones are kept.
  {
    kind: "file",
    name: "invoicing",
    file: "invoicing.json",
    schema: invoicingSettingsSchema,
    write: upsertInvoicingSettingsSeed,
    loaded: hasInvoicingSettings,
    tableOnly: true,
  } as SeedSource,
  // The terms a new proposal carries (decision 0084); each proposal keeps its own copy.
  {
    kind: "file",
    name: PROPOSAL_TERMS_BLOCK,
    file: "proposal-terms.md",
    schema: proposalTermsSchema,
    write: (tx: Transaction, data: unknown) => upsertContentBlock(tx, PROPOSAL_TERMS_BLOCK, data),
  } as SeedSource,
  shopItemsSource,
  // The ways visitors ask about each chat passage (decision 0086).
  contentBlockSource(CHAT_SYNONYMS_BLOCK, chatSynonymsSchema),
  // Answers staff wrote for the chat assistant's gaps, as `npm run chat:export-faqs` wrote them (decision 0037).
  {
    kind: "file",
    name: "chat-faqs",
    file: "chat-faqs.json",
    schema: chatFaqSeedSchema,
    write: upsertFaqSeeds,
    // Loaded when the table has entries, or the file has none to give.
    loaded: async (database) =>
      ((await database.select({ n: count() }).from(chatFaqs))[0]?.n ?? 0) > 0 ||
      !(await hasSeedEntries("chat-faqs.json")),
    tableOnly: true,
    optional: true,
  } as SeedSource,
];

/** Whether an optional list file exists with at least one entry. */
async function hasSeedEntries(file: string): Promise<boolean> {
  try {
    const list = JSON.parse(await readFile(path.join(SEEDS_DIR, file), "utf8")) as unknown;
    return Array.isArray(list) && list.length > 0;
  } catch {
    return false;
  }
}

export class SeedValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Seed files are invalid; nothing was written:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "SeedValidationError";
  }
}

/** Reads one seed file: JSON as is, Markdown as front matter plus `body`. */
export async function readSeedDocument(filePath: string): Promise<unknown> {
  const text = await readFile(filePath, "utf8");
  if (filePath.endsWith(".md")) {
    const { data, content } = matter(text);
    return { slug: path.basename(filePath, ".md"), ...data, body: content.trim() };
  }
  return JSON.parse(text);
}

function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join(".") : "(whole file)";
    return `${file}: ${field}: ${issue.message}`;
  });
}

async function loadSource(source: SeedSource, dir: string, problems: string[]): Promise<unknown> {
  const validate = async (file: string) => {
    const shown = path.join(path.basename(dir), file);
    let document: unknown;
    try {
      document = await readSeedDocument(path.join(dir, file));
    } catch (error) {
      problems.push(`${shown}: cannot be read: ${(error as Error).message}`);
      return undefined;
    }
    const parsed = source.schema.safeParse(document);
    if (!parsed.success) problems.push(...describeIssues(shown, parsed.error));
    return parsed.data;
  };

  if (source.kind === "file") {
    if (source.optional && !existsSync(path.join(dir, source.file))) return [];
    return validate(source.file);
  }
  let files: string[];
  try {
    files = (await readdir(path.join(dir, source.dir))).filter((f) => /\.(json|md)$/.test(f)).sort();
  } catch {
    problems.push(`${path.join(path.basename(dir), source.dir)}: folder is missing`);
    return [];
  }
  return Promise.all(files.map((f) => validate(path.join(source.dir, f))));
}

export type SeedReport = Record<string, WriteCount>;

/**
 * Validates every seed file first, then writes them all in one transaction, so
 * an invalid file writes nothing. Running it twice changes nothing.
 */
export async function runSeed(
  options: { database?: Database; dir?: string; sources?: SeedSource[] } = {},
): Promise<SeedReport> {
  const database = options.database ?? db();
  const dir = options.dir ?? SEEDS_DIR;
  const sources = options.sources ?? SEED_SOURCES;
  const problems: string[] = [];
  const loaded: { source: SeedSource; data: unknown }[] = [];
  for (const source of sources) loaded.push({ source, data: await loadSource(source, dir, problems) });
  if (problems.length) throw new SeedValidationError(problems);

  const report: SeedReport = {};
  await database.transaction(async (tx) => {
    for (const { source, data } of loaded) {
      report[source.name] = await (source.write as (tx: Transaction, data: unknown) => Promise<WriteCount>)(
        tx,
        data,
      );
    }
  });
  return report;
}

/** On first start with an empty database, load the seeds. Returns whether it did. */
export async function seedIfEmpty(): Promise<boolean> {
  if (await hasAnyContent()) return false;
  await runSeed();
  return true;
}

/**
 * At boot: everything when the database is empty; otherwise only the sources
 * whose content is not loaded yet (content added by a newer release).
 * Content that exists is never overwritten here, so edits survive a restart.
 * Returns the names it loaded.
 */
export async function seedOnBoot(): Promise<string[]> {
  if (await seedIfEmpty()) return SEED_SOURCES.map((source) => source.name);
  const present = new Set(
    (await db().select({ key: contentBlocks.key }).from(contentBlocks)).map((row) => row.key),
  );
  const missing: SeedSource[] = [];
  for (const source of SEED_SOURCES) {
    const loaded = source.loaded ? await source.loaded(db(), present) : present.has(source.name);
    if (!loaded) missing.push(source);
  }
  if (missing.length) await runSeed({ sources: missing });
  return missing.map((source) => source.name);
}
